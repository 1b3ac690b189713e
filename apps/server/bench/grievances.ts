// Issue 52: grievances beside the generated complaints (CONTRACT 7.2), as a year of a college's
// committees leaves them: mostly the SGRC's, a few of them overdue, numbered per year, each with its
// history; the committees' members appointed from the generator's authorities.
import {
  COMPLAINT_NOT_RESOLVED,
  committeeOfCategory,
  DEFAULT_TIME_ZONE,
  DEFAULT_WORKING_DAYS,
  GRIEVANCE_LIMITS,
  GRIEVANCE_OUTCOMES,
  type TCommitteeKey,
  type TGrievanceCategory,
  type TGrievanceStatus,
  workingDaysAfter,
  workingDaysBetween,
} from '@bit/contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB, GrievancesTable } from '../src/db/schema';
import { zonedParts } from '../src/lib/zoned-time';

const DAY = 86_400_000;

/** What the bench's grievance scenarios sign in as. */
export interface GeneratedGrievances {
  grievances: number;
  seconds: number;
  /** a member (not the chair) of the SGRC */
  sgrcMemberId: number;
  /** the Ombudsperson */
  ombudspersonId: number;
}

interface Authority {
  id: number | bigint;
  name: string;
  designation: string | null;
  hostel_no: number | null;
}

/**
 * The categories' shares: nine in ten SGRC grievances (examinations and fees above all), ragging
 * and harassment a few in a hundred, and the complaints taken up from the complaints not resolved.
 */
const CATEGORY_SHARES: [TGrievanceCategory, number][] = [
  ['Examination and results', 0.25],
  ['Fees and refunds', 0.17],
  ['Scholarship', 0.12],
  [COMPLAINT_NOT_RESOLVED, 0.15],
  ['Admission', 0.08],
  ['Discrimination', 0.04],
  ['Other', 0.13],
  ['Ragging', 0.04],
  ['Sexual harassment', 0.02],
];

const SUBJECTS: Record<TGrievanceCategory, string[]> = {
  'Examination and results': [
    'Result of the end semester examination withheld',
    'Marks of the mid semester test not added',
    'Re-evaluation result not declared',
  ],
  'Fees and refunds': ['Caution money not refunded', 'Hostel fee charged twice', 'Late fine charged wrongly'],
  Scholarship: ['Scholarship not credited this semester', 'Scholarship form not forwarded'],
  [COMPLAINT_NOT_RESOLVED]: ['My hostel complaint was closed without repair'],
  Admission: ['Admission documents not returned', 'Branch change request not considered'],
  Discrimination: ['Unfair treatment in laboratory allotment'],
  Other: ['Library card not issued', 'Bonafide certificate delayed', 'Transcript not issued'],
  Ragging: ['Seniors in the hostel force juniors to run errands'],
  'Sexual harassment': ['Unwelcome remarks by a person on campus'],
};

const DESCRIPTION =
  'I have written to the office twice and been told to wait. The matter is still not settled and ' +
  'the semester is almost over. I request the committee to look into it and decide.';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The committees, seated from the generator's authorities (none of the hostel-5 warden or the
 * Other authority, whom the complaint scenarios sign in as): the SGRC four, chaired by the warden of
 * hostel 1; the Anti-Ragging Committee and the ICC two each; the Ombudsperson one.
 */
function seats(authorities: Authority[]) {
  const find = (designation: string, hostel: number) => {
    const a = authorities.find((x) => x.designation === designation && x.hostel_no === hostel);
    if (!a) throw new Error(`no ${designation} of hostel ${hostel} among the generated authorities`);
    return a;
  };
  return {
    sgrc: [find('Warden', 1), find('Hostel Clerk', 1), find('Warden', 2), find('Hostel Clerk', 2)],
    'anti-ragging': [find('Warden', 3), find('Warden', 4)],
    icc: [find('Warden', 6), find('Hostel Clerk', 6)],
    ombudsperson: [find('Warden', 13)],
  } satisfies Record<TCommitteeKey, Authority[]>;
}

/**
 * `count` grievances submitted over the year before `now`, in the order of submission (ids and
 * numbers follow it), 5,000 to a transaction in inserts of 500 rows. Statuses by age: those still
 * inside their 15 working days mostly open; older ones decided or withdrawn but for about 4% left
 * open past their deadline (the overdue list); one SGRC decision in ten appealed, the last month's
 * appeals open and a few older ones overdue. Each step is in the history, by whom took it.
 */
export async function generateGrievances(
  db: Kysely<DB>,
  count: number,
  opts: {
    students: { id: number; name: string; roll: string }[];
    authorities: Authority[];
    now: number;
    log?: (line: string) => void;
  },
): Promise<GeneratedGrievances> {
  const started = Date.now();
  const { students, authorities, now } = opts;
  const rand = rng(52);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const calendar = { timeZone: DEFAULT_TIME_ZONE, workingDays: DEFAULT_WORKING_DAYS, holidays: [] };

  const committees = seats(authorities);
  await db
    .insertInto('committee_members')
    .values(
      Object.entries(committees).flatMap(([committee, members]) =>
        members.map((m, k) => ({ committee, user_id: Number(m.id), chair: k === 0 ? 1 : 0 })),
      ),
    )
    .execute();

  // the complaints taken up: closed ones spread over the year (every stride-th id), each once by its
  // own student; the generator leaves closed_at unset, so closed when resolved (or, rejected, when
  // last updated)
  const taken = Math.ceil(count * 0.15 * 1.2);
  const { top } = await db
    .selectFrom('complaints')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirstOrThrow();
  const stride = Math.max(1, Math.floor((Number(top ?? 0) * 0.85) / taken));
  const complaints = (
    await db
      .selectFrom('complaints')
      .select(['id', 'student_id', 'student_name', 'student_roll', 'resolved_at', 'updated_at'])
      .where('status', 'in', ['Resolved', 'Rejected'])
      .where(sql<boolean>`id % ${stride} = 0`)
      .orderBy('id')
      .execute()
  ).map((c) => ({ ...c, closed_at: Number(c.resolved_at ?? c.updated_at) }));
  let nextComplaint = 0;

  const totalShare = CATEGORY_SHARES.reduce((sum, [, s]) => sum + s, 0);
  const category = (): TGrievanceCategory => {
    let r = rand() * totalShare;
    for (const [c, share] of CATEGORY_SHARES) {
      r -= share;
      if (r < 0) return c;
    }
    return 'Other';
  };

  type Step = { status: TGrievanceStatus; note: string | null; by: Authority | 'student'; at: number };
  const made: { row: Insertable<GrievancesTable>; steps: Step[] }[] = [];
  const start = now - 365 * DAY;
  for (let j = 0; j < count; j++) {
    let cat = category();
    let created = Math.floor(start + ((j + rand()) * 365 * DAY) / count);
    let student = pick(students);
    let complaintId: number | null = null;
    if (cat === COMPLAINT_NOT_RESOLVED) {
      const c = complaints[nextComplaint++];
      // within the 15 days after the complaint closed, and in the past
      const at = c ? Number(c.closed_at) + Math.floor(rand() * 14 * DAY) : now;
      if (c && at < now - 3600_000) {
        complaintId = Number(c.id);
        created = at;
        student = { id: Number(c.student_id), name: c.student_name, roll: c.student_roll ?? '' };
      } else cat = 'Other';
    }
    const committee = committeeOfCategory(cat);
    const members = committees[committee];
    const chair = members[0]!;
    const dueAt = workingDaysAfter(created, GRIEVANCE_LIMITS.decisionWorkingDays, calendar).getTime();
    const row: Insertable<GrievancesTable> = {
      number: '',
      category: cat,
      committee,
      subject: pick(SUBJECTS[cat]),
      description: DESCRIPTION,
      status: 'Submitted',
      anonymous: cat === 'Ragging' && rand() < 0.5 ? 1 : 0,
      student_id: student.id,
      student_name: student.name,
      student_roll: student.roll,
      complaint_id: complaintId,
      due_at: dueAt,
      open_due_at: dueAt,
      created_at: created,
      updated_at: created,
    };
    const steps: Step[] = [{ status: 'Submitted', note: null, by: 'student', at: created }];
    const step = (s: Step) => {
      steps.push(s);
      row.status = s.status;
      row.updated_at = s.at;
    };
    // still inside its time: mostly open; past it: mostly closed, some left open (overdue)
    const r = rand();
    const fate =
      created > now - 2 * DAY
        ? 'open'
        : dueAt > now
          ? r < 0.45
            ? 'open'
            : r < 0.75
              ? 'hearing'
              : r < 0.95
                ? 'decided'
                : 'withdrawn'
          : r < 0.02
            ? 'open'
            : r < 0.04
              ? 'hearing'
              : r < 0.1
                ? 'withdrawn'
                : 'decided';
    // the hearing 3 to 12 days after the submission (or 2 to 10 days ahead when not yet held)
    const hearingAt =
      fate === 'hearing' && dueAt > now
        ? now + Math.floor((2 + rand() * 8) * DAY)
        : created + Math.floor((3 + rand() * 9) * DAY);
    const heard = fate === 'hearing' || (fate === 'decided' && rand() < 0.6);
    if (heard) {
      const setAt = Math.min(created + Math.floor(rand() * 2 * DAY) + 3600_000, now - 3600_000);
      row.hearing_at = hearingAt;
      row.hearing_place = 'Committee Room, Administrative Block';
      row.representative = rand() < 0.2 ? 'A faculty adviser' : null;
      step({
        status: 'Hearing scheduled',
        note: 'Committee Room, Administrative Block',
        by: pick(members),
        at: setAt,
      });
    }
    if (fate === 'withdrawn') {
      row.open_due_at = null;
      step({
        status: 'Withdrawn',
        note: null,
        by: 'student',
        at: Math.min(created + Math.floor((1 + rand() * 6) * DAY), now - 3600_000),
      });
    }
    if (fate === 'decided') {
      // most by the deadline, one in six after it
      const decidedAt = Math.min(
        rand() < 0.85
          ? Math.max(created + DAY, dueAt - Math.floor(rand() * 14 * DAY))
          : dueAt + Math.floor((1 + rand() * 20) * DAY),
        now - 3600_000,
      );
      const at = heard ? Math.max(decidedAt, Math.min(hearingAt + 3600_000, now - 3600_000)) : decidedAt;
      const outcome = pick(GRIEVANCE_OUTCOMES);
      Object.assign(row, {
        open_due_at: null,
        decision_outcome: outcome,
        decision_text: 'The committee heard both sides and decided as recorded in the minutes.',
        decision_at: at,
        decision_working_days: workingDaysBetween(created, at, calendar),
        decision_by_name: chair.name,
        decision_by_designation: chair.designation,
      });
      step({ status: 'Decided', note: outcome, by: chair, at });
      // one SGRC decision in ten appealed, within the 15 days allowed
      const appealAt = at + Math.floor((1 + rand() * 13) * DAY);
      if (committee === 'sgrc' && rand() < 0.1 && appealAt < now - 3600_000) {
        const appealDue = appealAt + GRIEVANCE_LIMITS.appealDecisionDays * DAY;
        Object.assign(row, {
          appeal_reason: 'The decision did not consider the documents I submitted.',
          appeal_at: appealAt,
          appeal_due_at: appealDue,
          open_due_at: appealDue,
        });
        step({ status: 'Appealed', note: null, by: 'student', at: appealAt });
        // the Ombudsperson decides within the 30 days, but for one appeal in twenty left waiting
        const appealDecided = appealAt + Math.floor((3 + rand() * 25) * DAY);
        if (appealDecided < now - 3600_000 && rand() >= 0.05) {
          const ombudsperson = committees.ombudsperson[0]!;
          const appealOutcome = pick(GRIEVANCE_OUTCOMES);
          Object.assign(row, {
            open_due_at: null,
            appeal_outcome: appealOutcome,
            appeal_text: 'The Ombudsperson read the record and decided.',
            appeal_decided_at: appealDecided,
            appeal_by_name: ombudsperson.name,
            appeal_by_designation: ombudsperson.designation,
          });
          step({ status: 'Appeal decided', note: appealOutcome, by: ombudsperson, at: appealDecided });
        }
      }
    }
    made.push({ row, steps });
  }

  // ids and numbers in the order of submission, numbered from 1 each year (in TIME_ZONE)
  made.sort((a, b) => Number(a.row.created_at) - Number(b.row.created_at));
  const years = new Map<number, number>();
  for (const { row } of made) {
    const year = Number(zonedParts(Number(row.created_at), DEFAULT_TIME_ZONE).day.slice(0, 4));
    const n = (years.get(year) ?? 0) + 1;
    years.set(year, n);
    row.number = `GRV-${year}-${String(n).padStart(6, '0')}`;
  }

  const BATCH = 5000;
  for (let i = 0; i < made.length; i += BATCH) {
    const batch = made.slice(i, i + BATCH);
    await db.transaction().execute(async (trx) => {
      const history = [];
      for (let k = 0; k < batch.length; k += 500) {
        const part = batch.slice(k, k + 500);
        const ids = await trx
          .insertInto('grievances')
          .values(part.map((m) => m.row))
          .returning('id')
          .execute();
        for (const [x, { id }] of ids.entries()) {
          const { row, steps } = part[x]!;
          for (const s of steps)
            history.push({
              grievance_id: Number(id),
              status: s.status,
              note: s.note,
              by_id: s.by === 'student' ? Number(row.student_id) : Number(s.by.id),
              by_name: s.by === 'student' ? String(row.student_name) : s.by.name,
              by_role: s.by === 'student' ? 'student' : 'authority',
              by_designation: s.by === 'student' ? null : s.by.designation,
              at: s.at,
            });
        }
      }
      for (let k = 0; k < history.length; k += 1000)
        await trx
          .insertInto('grievance_history')
          .values(history.slice(k, k + 1000))
          .execute();
    });
    if (i > 0 && (i / BATCH) % 4 === 0) opts.log?.(`  … ${i.toLocaleString('en')} grievances`);
  }
  // the kept counts per (category, status), as the server keeps them (migration 027)
  await sql`delete from grievance_counts`.execute(db);
  await sql`
    insert into grievance_counts (category, status, committee, n)
    select category, status, min(committee), count(*) from grievances group by category, status`.execute(db);
  if (years.size > 0)
    await db
      .insertInto('grievance_years')
      .values([...years].map(([year, last]) => ({ year, last })))
      .execute();

  return {
    grievances: made.length,
    seconds: (Date.now() - started) / 1000,
    sgrcMemberId: Number(committees.sgrc[1]!.id),
    ombudspersonId: Number(committees.ombudsperson[0]!.id),
  };
}

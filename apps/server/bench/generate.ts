// Fills the configured database with N realistic complaints (plus students, authorities,
// history, feedback and notices) in batched transactions. Usable alone:
//   npx tsx bench/generate.ts --complaints 100000   (DATA_DIR / DATABASE_URL as for the server)
//   npx tsx bench/generate.ts --complaints 100000 --grievances 0   grievances (issue 52): a tenth unless given
import { parseArgs } from 'node:util';
import {
  COLLEGE_DEPARTMENTS,
  type COMPLAINT_STATUSES,
  HOSTEL_PROBLEMS,
  isNetworkProblem,
  STUDENT_DEPARTMENTS,
} from '@bit/contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { DEFAULT_MIGRATION_SETTINGS as SETTINGS } from '../src/db/migrations/008-due-dates-reports';
import type { ComplaintsTable, DB } from '../src/db/schema';
import { reindexAllComplaints } from '../src/db/search-index';
import { newComplaintToken, newSessionToken, sha256 } from '../src/lib/crypto';
import { processPhoto } from '../src/lib/images';
import { hashPassword } from '../src/lib/passwords';
import { storePhoto, timelineColumns } from '../src/services/complaints';
import { bumpCounters } from '../src/services/complaints/counters';
import { type GeneratedGrievances, generateGrievances } from './grievances';
import { description, messageText } from './vocabulary';

export const BENCH_PASSWORD = 'bench-password-1';

export interface Generated {
  complaints: number;
  seconds: number;
  /** one student with complaints and one of their tokens, for the token scenario */
  sampleStudentId: number;
  sampleToken: string;
  wardenId: number;
  adminId: number;
  /** a complaint with a conversation: messages both ways and two photos */
  conversationToken: string;
  /** the student who filed it */
  conversationStudentId: number;
  /** the authority who answers on it (the warden of its hostel, or Other for a College complaint) */
  conversationAuthorityId: number;
  /** one of its photos */
  photoId: number;
  /** the sample student's roll number and a room number of one of their complaints (search scenarios) */
  sampleRoll: string;
  sampleRoom: string;
  /** issue 52: the grievances generated beside the complaints, when asked for */
  grievances?: GeneratedGrievances;
}

export type BenchUser = 'student' | 'warden' | 'admin' | 'owner' | 'authority';

/** A day-long session for the generated student, warden and admin: the bearer tokens the loads send. */
export async function signInBenchUsers(db: Kysely<DB>, g: Generated): Promise<Record<BenchUser, string>> {
  const ids: Record<BenchUser, number> = {
    student: g.sampleStudentId,
    warden: g.wardenId,
    admin: g.adminId,
    owner: g.conversationStudentId,
    authority: g.conversationAuthorityId,
  };
  const tokens = {} as Record<BenchUser, string>;
  for (const who of Object.keys(ids) as BenchUser[]) {
    const { token, row } = daySession(ids[who], Date.now());
    tokens[who] = token;
    await db.insertInto('sessions').values(row).execute();
  }
  return tokens;
}

/** Issue 52: a day-long session for any generated user (a committee member): the bearer token. */
export async function signInUser(db: Kysely<DB>, userId: number): Promise<string> {
  const { token, row } = daySession(userId, Date.now());
  await db.insertInto('sessions').values(row).execute();
  return token;
}

/** A day-long session of a user: the bearer token a load sends, and the row that makes it live. */
function daySession(userId: number, now: number) {
  const token = newSessionToken();
  return {
    token,
    row: {
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + 86_400_000,
      revoked_at: null,
    },
  };
}

// Students' names as a college's are (issue 35: a name's words are in each complaint's search
// document): 40 first names by 30 surnames, so a name's word is in a few complaints in a hundred.
// "Bench Student 12" put "bench" and "student" in every document, which made any word beginning
// with them (the old rolls' "BENCH/...") a walk of all of them.
const FIRST_NAMES = (
  'Aarav Aditi Akash Ananya Arjun Bhavna Chetan Deepika Divya Gaurav Harsh Ishita Karan Kavya Manish ' +
  'Meera Mohit Neha Nikhil Pooja Priya Rahul Riya Rohan Sakshi Sandeep Shreya Siddharth Sneha Sourav ' +
  'Tanvi Tushar Varun Vidya Vikram Yash Zoya Abhishek Anjali Pranav'
).split(' ');
const SURNAMES = (
  'Kumar Singh Sharma Verma Gupta Mishra Jha Sinha Prasad Mahato Oraon Munda Das Roy Sahu Pandey ' +
  'Tiwari Yadav Choudhary Agarwal Banerjee Ghosh Mukherjee Nair Reddy Iyer Patel Shah Khan Ekka'
).split(' ');
const studentName = (j: number) =>
  `${FIRST_NAMES[j % FIRST_NAMES.length]} ${SURNAMES[Math.floor(j / FIRST_NAMES.length) % SURNAMES.length]}`;

/** A verified student of a load that rotates over many (`kind`: filers, posters), unique to this run by `stamp`. */
function benchStudent(kind: 'Filer' | 'Poster', j: number, stamp: string, hash: string, now: number) {
  return {
    role: 'student' as const,
    name: `Bench ${kind} ${j}`,
    email: `bench.${kind.toLowerCase()}.${stamp}.${j}@bitmesra.ac.in`,
    password_hash: hash,
    mobile: '9876543210',
    department: STUDENT_DEPARTMENTS[j % STUDENT_DEPARTMENTS.length]!,
    designation: null,
    hostel_no: null,
    roll_no: `BENCH/${stamp}/${kind[0]}${j}`,
    session: '2023-27',
    verified: 1,
    approved: 1,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Students for the filing scenario, each with a day-long session. A student may file 20
 * complaints a day (CONTRACT 5.9), so the load rotates over many students instead of filing as
 * one: what is measured is still the cost of a filing, not of a refusal.
 */
export async function signInFilers(db: Kysely<DB>, count: number): Promise<string[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const stamp = now.toString(36);
  const tokens: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 200) {
      const rows = [];
      for (let j = i; j < Math.min(count, i + 200); j++) {
        rows.push(benchStudent('Filer', j, stamp, hash, now));
      }
      const ids = await trx.insertInto('users').values(rows).returning('id').execute();
      const sessions = ids.map(({ id }) => {
        const { token, row } = daySession(Number(id), now);
        tokens.push(token);
        return row;
      });
      await trx.insertInto('sessions').values(sessions).execute();
    }
  });
  return tokens;
}

/** A student of the message scenario: their session and their own open complaint to write on. */
export interface Poster {
  token: string;
  complaintId: number;
}

/**
 * Students for the message scenario, each with one Pending complaint of their own (filed an hour
 * ago) and a day-long session. A user may write 30 messages an hour (CONTRACT 5.2), so the load
 * rotates over many of them, as the filing scenario does over filers.
 */
export async function signInPosters(db: Kysely<DB>, count: number): Promise<Poster[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const filed = now - 3600_000;
  const stamp = now.toString(36);
  const posters: Poster[] = [];
  const counters: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 200) {
      const users = [];
      for (let j = i; j < Math.min(count, i + 200); j++) {
        users.push(benchStudent('Poster', j, stamp, hash, now));
      }
      const ids = await trx.insertInto('users').values(users).returning(['id', 'name', 'roll_no']).execute();
      const complaints = ids.map((u, k) => {
        const hostelNo = 1 + ((i + k) % 13);
        for (const key of ['all', 'type:Hostel', `hostel:${hostelNo}`])
          counters[`c:${key}:Pending`] = (counters[`c:${key}:Pending`] ?? 0) + 1;
        return {
          token: newComplaintToken(),
          type: 'Hostel' as const,
          hostel_no: hostelNo,
          room_no: '101',
          sub_type: 'Fan',
          is_network: 0,
          description: `Bench poster complaint ${i + k}: the fan needs attention.`,
          status: 'Pending' as const,
          remarks: null,
          assigned_to_id: null,
          assigned_name: null,
          assigned_designation: null,
          student_id: Number(u.id),
          student_name: u.name,
          student_roll: u.roll_no ?? '',
          created_at: filed,
          updated_at: filed,
          ...timelineColumns(SETTINGS, {
            type: 'Hostel',
            createdAt: filed,
            firstResponseAt: null,
            resolvedAt: null,
          }),
        };
      });
      const inserted = await trx
        .insertInto('complaints')
        .values(complaints)
        .returning(['id', 'student_id', 'student_name'])
        .execute();
      await trx
        .insertInto('complaint_history')
        .values(
          inserted.map((c) => ({
            complaint_id: Number(c.id),
            status: 'Pending',
            remarks: null,
            by_id: Number(c.student_id),
            by_name: c.student_name,
            by_designation: null,
            at: filed,
          })),
        )
        .execute();
      const sessions = inserted.map((c) => {
        const { token, row } = daySession(Number(c.student_id), now);
        posters.push({ token, complaintId: Number(c.id) });
        return row;
      });
      await trx.insertInto('sessions').values(sessions).execute();
    }
    await bumpCounters(trx, counters);
  });
  return posters;
}

/**
 * A conversation between a student and the authority who handles their complaint: six messages
 * taking turns and two photos (stored as an upload stores them: re-encoded, with a thumbnail).
 * On the most recent hostel-5 complaint, whose warden is the warden scenarios' (any complaint
 * when there is none, in a tiny data set).
 */
async function addConversation(
  db: Kysely<DB>,
  authorities: { id: number | bigint; name: string; designation: string | null; hostel_no: number | null }[],
) {
  const columns = ['id', 'token', 'hostel_no', 'student_id', 'student_name', 'created_at'] as const;
  const complaint =
    (await db
      .selectFrom('complaints')
      .select(columns)
      .where('hostel_no', '=', 5)
      .orderBy('id', 'desc')
      .executeTakeFirst()) ??
    (await db.selectFrom('complaints').select(columns).orderBy('id', 'desc').executeTakeFirstOrThrow());
  const studentId = Number(complaint.student_id);
  const authority =
    complaint.hostel_no === null
      ? authorities.at(-1)!
      : authorities.find((a) => a.designation === 'Warden' && a.hostel_no === complaint.hostel_no)!;
  const complaintId = Number(complaint.id);
  // all of it in the past, however recent the complaint
  const at = Math.min(Number(complaint.created_at), Date.now() - 8 * 3600_000);
  const student = {
    by_id: studentId,
    by_name: complaint.student_name,
    by_role: 'student' as const,
    by_designation: null,
  };
  const staff = {
    by_id: Number(authority.id),
    by_name: authority.name,
    by_role: 'authority' as const,
    by_designation: authority.designation,
  };
  const lines = [
    'It stopped working again last night.',
    'We will send someone to look at it today.',
    'Nobody has come yet. Can you tell me when?',
    'The electrician is booked for tomorrow morning.',
    'Thank you, I will be in the room after 9.',
    'Noted. Please keep the room open for him.',
  ];
  await db
    .insertInto('complaint_messages')
    .values(
      lines.map((body, k) => ({
        complaint_id: complaintId,
        body,
        ...(k % 2 === 0 ? student : staff),
        at: at + (k + 1) * 3600_000,
      })),
    )
    .execute();
  // a phone photo's detail, roughly: noise does not compress away as a flat image would
  const original = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 120, g: 130, b: 140 },
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const photo = await processPhoto(original);
  let photoId = 0;
  for (let k = 0; k < 2; k++) {
    const row = await storePhoto(db, complaintId, photo, { ...student, at: at + (k + 1) * 1800_000 });
    photoId = Number(row.id);
  }
  return {
    conversationToken: complaint.token,
    conversationStudentId: studentId,
    conversationAuthorityId: Number(authority.id),
    photoId,
  };
}

// deterministic pseudo-random numbers, so two runs generate the same shape of data
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
 * PostgreSQL: how long the bulk load's statements may run (the app's 4 s is a request's limit): at
 * 1,000,000 complaints the last `vacuum analyze` alone takes minutes, and stopped the bench there.
 */
export const BULK_LOAD_WAIT = { connect: 3000, query: 30 * 60_000 };

export async function generate(
  db: Kysely<DB>,
  n: number,
  log = console.log,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  /** issue 52: grievances to generate beside the complaints (none by default) */
  options: { grievances?: number } = {},
): Promise<Generated> {
  const started = Date.now();
  const rand = rng(42);
  // its own sequence: the complaints stay those that runs before messages were generated made
  const talk = rng(7);
  // and the text its own (issue 35), for the same reason
  const text = rng(11);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const studentCount = Math.max(50, Math.min(3000, Math.ceil(n / 300)));

  const userBase = {
    password_hash: hash,
    mobile: '9876543210',
    verified: 1,
    approved: 1,
    created_at: now,
    updated_at: now,
    session: null as string | null,
    roll_no: null as string | null,
    designation: null as string | null,
    hostel_no: null as number | null,
    department: null as string | null,
  };
  const stamp = Date.now().toString(36);
  const students: { id: number; name: string; roll: string }[] = [];
  for (let i = 0; i < studentCount; i += 200) {
    const rows = [];
    for (let j = i; j < Math.min(studentCount, i + 200); j++) {
      rows.push({
        ...userBase,
        role: 'student' as const,
        name: studentName(j),
        email: `bench.student.${stamp}.${j}@bitmesra.ac.in`,
        roll_no: `BTECH/${10000 + j}/${stamp}`,
        session: '2023-27',
        department: pick(STUDENT_DEPARTMENTS),
      });
    }
    const inserted = await db.insertInto('users').values(rows).returning(['id', 'name', 'roll_no']).execute();
    for (const r of inserted) students.push({ id: Number(r.id), name: r.name, roll: r.roll_no ?? '' });
  }
  const authorityRows = [];
  for (let h = 1; h <= 13; h++) {
    for (const designation of ['Hostel Clerk', 'Warden']) {
      authorityRows.push({
        ...userBase,
        role: 'authority' as const,
        name: `${designation} H${h}`,
        email: `bench.${designation.replace(' ', '').toLowerCase()}.${h}.${stamp}@example.org`,
        designation,
        hostel_no: h,
      });
    }
  }
  authorityRows.push({
    ...userBase,
    role: 'authority' as const,
    name: 'Network Officer',
    email: `bench.network.${stamp}@example.org`,
    designation: 'Network Department',
    department: 'Network',
  });
  authorityRows.push({
    ...userBase,
    role: 'authority' as const,
    name: 'Other Authority',
    email: `bench.other.${stamp}@example.org`,
    designation: 'Other',
  });
  const authorities = await db
    .insertInto('users')
    .values(authorityRows)
    .returning(['id', 'name', 'designation', 'hostel_no'])
    .execute();
  const admin = await db
    .insertInto('users')
    .values({ ...userBase, role: 'admin', name: 'Bench Admin', email: `bench.admin.${stamp}@example.org` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warden5 = authorities.find((a) => a.designation === 'Warden' && a.hostel_no === 5)!;

  const counters: Record<string, number> = {};
  const bump = (k: string, d = 1) => {
    counters[k] = (counters[k] ?? 0) + d;
  };
  // 2,000 complaints a transaction (in insert statements of 500 rows): few fsyncs, bounded memory
  const BATCH = 2000;
  const start = now - 365 * 24 * 3600 * 1000;
  const step = (365 * 24 * 3600 * 1000) / n;
  let sampleToken = '';
  let sampleRoom = '';
  let fbCount = 0;
  let fbSum = 0;
  for (let i = 0; i < n; i += BATCH) {
    const rows: Insertable<ComplaintsTable>[] = [];
    for (let j = i; j < Math.min(n, i + BATCH); j++) {
      const hostel = rand() < 0.7;
      const sub = hostel ? pick(HOSTEL_PROBLEMS) : pick(COLLEGE_DEPARTMENTS);
      const hostelNo = hostel ? 1 + Math.floor(rand() * 13) : null;
      // realistic history (issue 18): the last week's complaints mostly open, older ones closed but
      // for about 3% left open (overdue), so a few percent of all are open
      const created = Math.floor(start + j * step);
      const recent = created > now - 7 * 24 * 3600_000;
      const r = rand();
      const status = recent
        ? r < 0.4
          ? 'Pending'
          : r < 0.7
            ? 'In Progress'
            : r < 0.95
              ? 'Resolved'
              : 'Rejected'
        : r < 0.01
          ? 'Pending'
          : r < 0.03
            ? 'In Progress'
            : r < 0.93
              ? 'Resolved'
              : 'Rejected';
      // first response within two days, resolution within ten: spread over the report's buckets
      const respondedAt = created + Math.floor(rand() * 48 * 3600_000);
      const resolvedAt = respondedAt + Math.floor(rand() * 192 * 3600_000);
      const student = students[Math.floor(rand() * students.length)]!;
      const handler = hostel
        ? authorities.find((a) => a.hostel_no === hostelNo && a.designation === 'Warden')
        : authorities.at(-1);
      const isNetwork = isNetworkProblem({ type: hostel ? 'Hostel' : 'College', subType: sub }) ? 1 : 0;
      const token = newComplaintToken();
      const roomNo = hostel
        ? `${1 + Math.floor(rand() * 4)}${String(Math.floor(rand() * 60)).padStart(2, '0')}`
        : null;
      if (student.id === students[0]!.id) {
        sampleToken = token;
        if (roomNo) sampleRoom = roomNo;
      }
      rows.push({
        token,
        type: hostel ? ('Hostel' as const) : ('College' as const),
        hostel_no: hostelNo,
        room_no: roomNo,
        sub_type: sub,
        is_network: isNetwork,
        description: description(text, sub),
        status: status as (typeof COMPLAINT_STATUSES)[number],
        remarks: status === 'Pending' ? null : 'Looked into by the office',
        assigned_to_id: status === 'Pending' ? null : Number(handler!.id),
        assigned_name: status === 'Pending' ? null : handler!.name,
        assigned_designation: status === 'Pending' ? null : handler!.designation,
        // CONTRACT 7.5: one complaint in 50, of every hostel and the college, assigned to the bench's
        // warden (hostel 5): the `assignee=me` scenario's list, mostly outside the warden's scope
        ...(j % 50 === 0
          ? { assignee_id: Number(warden5.id), assignee_name: warden5.name, assignee_designation: 'Warden' }
          : {}),
        student_id: student.id,
        student_name: student.name,
        student_roll: student.roll,
        created_at: created,
        updated_at: created,
        ...timelineColumns(SETTINGS, {
          type: hostel ? 'Hostel' : 'College',
          createdAt: created,
          firstResponseAt: status === 'Pending' ? null : respondedAt,
          resolvedAt: status === 'Resolved' ? resolvedAt : null,
        }),
      });
      for (const key of [
        'all',
        `type:${hostel ? 'Hostel' : 'College'}`,
        ...(hostelNo ? [`hostel:${hostelNo}`] : []),
        ...(isNetwork ? ['network'] : []),
      ]) {
        bump(`c:${key}:${status}`);
      }
    }
    await db.transaction().execute(async (trx) => {
      const inserted = [];
      for (let k = 0; k < rows.length; k += 500) {
        const part = await trx
          .insertInto('complaints')
          .values(rows.slice(k, k + 500))
          .returning([
            'id',
            'status',
            'student_id',
            'student_name',
            'assigned_to_id',
            'assigned_name',
            'assigned_designation',
            'created_at',
            'first_response_at',
          ])
          .execute();
        inserted.push(...part);
      }
      const history = [];
      const feedback = [];
      const messages = [];
      for (const c of inserted) {
        // one answered complaint in twenty has a word from its handler and the student's reply
        if (
          c.first_response_at !== null &&
          c.assigned_to_id !== null &&
          talk() < 0.05 &&
          // not in the future: a recent complaint's generated first response may be
          Number(c.first_response_at) + 3600_000 < now
        ) {
          const at = Number(c.first_response_at);
          messages.push(
            {
              complaint_id: Number(c.id),
              body: messageText(text, 'We are looking into it:'),
              by_id: c.assigned_to_id,
              by_name: c.assigned_name ?? 'Authority',
              by_role: 'authority' as const,
              by_designation: c.assigned_designation,
              at,
            },
            {
              complaint_id: Number(c.id),
              body: messageText(text, 'Thank you, also'),
              by_id: Number(c.student_id),
              by_name: c.student_name,
              by_role: 'student' as const,
              by_designation: null,
              at: at + 3600_000,
            },
          );
        }
        history.push({
          complaint_id: Number(c.id),
          status: 'Pending',
          remarks: null,
          by_id: Number(c.student_id),
          by_name: c.student_name,
          by_designation: null,
          at: c.created_at,
        });
        if (c.status !== 'Pending') {
          history.push({
            complaint_id: Number(c.id),
            status: c.status,
            remarks: 'Looked into by the office',
            by_id: c.assigned_to_id,
            by_name: c.assigned_name ?? 'Authority',
            by_designation: c.assigned_designation,
            at: c.created_at + 3600_000,
          });
        }
        if (c.status === 'Resolved' && rand() < 0.3) {
          const rating = 1 + Math.floor(rand() * 5);
          fbCount++;
          fbSum += rating;
          feedback.push({
            complaint_id: Number(c.id),
            student_id: Number(c.student_id),
            rating,
            comments: rating >= 4 ? 'Fixed quickly' : 'Took a while',
            created_at: c.created_at + 7200_000,
          });
        }
      }
      for (let k = 0; k < history.length; k += 1000)
        await trx
          .insertInto('complaint_history')
          .values(history.slice(k, k + 1000))
          .execute();
      for (let k = 0; k < feedback.length; k += 1000)
        await trx
          .insertInto('feedback')
          .values(feedback.slice(k, k + 1000))
          .execute();
      for (let k = 0; k < messages.length; k += 1000)
        await trx
          .insertInto('complaint_messages')
          .values(messages.slice(k, k + 1000))
          .execute();
    });
    if ((i / BATCH) % 50 === 0 && i > 0) log(`  … ${i.toLocaleString('en')} complaints`);
  }
  bump('fb:count', fbCount);
  bump('fb:sum', fbSum);
  await bumpCounters(db, counters);
  const noticeRows = [];
  for (let k = 0; k < 200; k++) {
    noticeRows.push({
      title: `Notice ${k}`,
      message: `Bench notice ${k} for residents.`,
      hostel: k % 4 === 0 ? 'all' : String(1 + (k % 13)),
      pdf_name: null,
      pdf_size: null,
      posted_by_id: Number(admin.id),
      posted_by_name: 'Bench Admin',
      posted_by_role: 'admin',
      created_at: now - (200 - k) * 3600_000,
    });
  }
  await db.insertInto('notifications').values(noticeRows).execute();
  const conversation = await addConversation(db, authorities);
  const grievances =
    (options.grievances ?? 0) > 0
      ? await generateGrievances(db, options.grievances!, { students, authorities, now, log })
      : undefined;
  if (grievances)
    log(
      `  ${grievances.grievances.toLocaleString('en')} grievances written in ${grievances.seconds.toFixed(1)} s`,
    );
  // the rows above were written directly: their search documents now (decision 0025)
  const indexing = Date.now();
  await reindexAllComplaints(db, dialect, 2000);
  log(`  search index written in ${((Date.now() - indexing) / 1000).toFixed(1)} s`);
  // fresh statistics and (PostgreSQL) a fresh visibility map, as autovacuum gives a database
  // shortly after a bulk load; without it PostgreSQL cannot use index-only scans for deep pages
  // as autovacuum (PostgreSQL) or an operator's ANALYZE (SQLite) would; on SQLite the per-value
  // samples this writes are dropped when the server opens the file (db/database.ts)
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
  return {
    complaints: n,
    seconds: (Date.now() - started) / 1000,
    sampleStudentId: students[0]!.id,
    sampleToken,
    sampleRoll: students[0]!.roll,
    sampleRoom,
    wardenId: Number(warden5.id),
    adminId: Number(admin.id),
    ...conversation,
    ...(grievances ? { grievances } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    // --grievances: beside the complaints (issue 52), a tenth of them unless given
    options: { complaints: { type: 'string', default: '10000' }, grievances: { type: 'string' } },
  });
  const n = Number(values.complaints);
  if (!Number.isInteger(n) || n < 1) {
    console.error('--complaints must be a positive whole number');
    process.exit(1);
  }
  const grievanceCount = values.grievances === undefined ? Math.round(n / 10) : Number(values.grievances);
  if (!Number.isInteger(grievanceCount) || grievanceCount < 0) {
    console.error('--grievances must be a whole number, 0 or more');
    process.exit(1);
  }
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db, database.dialect);
  const g = await generate(database.db, n, console.log, database.dialect, { grievances: grievanceCount });
  console.log(
    `Generated ${n.toLocaleString('en')} complaints and ${grievanceCount.toLocaleString('en')} grievances in ${g.seconds.toFixed(1)} s (${database.dialect}).`,
  );
  await database.close();
}

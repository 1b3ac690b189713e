// Issue 34: what the incident scenarios need in the generated data, and the timed update of an
// incident with 500 linked complaints (not a load: each request changes 500 complaints).
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { newComplaintToken } from '../src/lib/crypto';
import { bumpCounters } from '../src/services/complaints/counters';
import { quantile } from './quantile';

export const INCIDENT_LINKED = 500;

/**
 * Three open incidents of hostel 5's Plumbing (what a student filing there is shown), and one of
 * hostel 5's Electrical with 500 open complaints of its own, linked (new rows, counted): the warden
 * scenarios' warden updates it. Returns that incident's id.
 */
export async function prepareIncidents(db: Kysely<DB>, wardenId: number, now: number): Promise<number> {
  const incident = (title: string, subType: string, affected: number) =>
    db
      .insertInto('incidents')
      .values({
        title,
        type: 'Hostel',
        hostel_no: 5,
        sub_type: subType,
        is_network: 0,
        status: 'Pending',
        remarks: null,
        affected,
        created_by_id: wardenId,
        created_by_name: 'Bench Warden',
        created_by_designation: 'Warden',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  for (const [i, title] of ['Water supply off in Block B', 'Geyser not heating', 'Leak on floor 2'].entries())
    await incident(title, 'Plumbing', 40 - i * 10);
  const big = Number((await incident('Power cut in Block A', 'Electrical', INCIDENT_LINKED)).id);
  const filedDay = Number(new Date(now + 5.5 * 3600_000).toISOString().slice(0, 10).replaceAll('-', ''));
  await db.transaction().execute(async (trx) => {
    const student = await trx
      .selectFrom('users')
      .select(['id', 'name', 'roll_no'])
      .where('role', '=', 'student')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < INCIDENT_LINKED; i += 100) {
      await trx
        .insertInto('complaints')
        .values(
          Array.from({ length: 100 }, () => ({
            token: newComplaintToken(),
            type: 'Hostel' as const,
            hostel_no: 5,
            room_no: '101',
            sub_type: 'Electrical',
            is_network: 0,
            description: 'No power in the wing.',
            status: 'Pending' as const,
            remarks: null,
            assigned_to_id: null,
            assigned_name: null,
            assigned_designation: null,
            student_id: Number(student.id),
            student_name: student.name,
            student_roll: student.roll_no,
            created_at: now,
            updated_at: now,
            due_at: now + 72 * 3600_000,
            filed_month: Math.floor(filedDay / 100),
            filed_day: filedDay,
            incident_id: big,
            incident_title: 'Power cut in Block A',
          })),
        )
        .execute();
    }
    await bumpCounters(trx, {
      'c:all:Pending': INCIDENT_LINKED,
      'c:type:Hostel:Pending': INCIDENT_LINKED,
      'c:hostel:5:Pending': INCIDENT_LINKED,
    });
  });
  return big;
}

/**
 * PUT /api/incidents/{id} on the 500 linked complaints, one request at a time, the status going
 * back and forth between In Progress and Pending (both open, so every request changes all 500,
 * each with its history entry and its queued mail).
 */
export async function measureIncidentUpdate(base: string, headers: Record<string, string>, id: number) {
  const ms: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/incidents/${id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: i % 2 === 0 ? 'In Progress' : 'Pending', remarks: `Bench update ${i}` }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`the incident update answered ${res.status}`);
    ms.push(performance.now() - t0);
    // the 500 mails go out between updates, as they would between a warden's clicks
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { linked: INCIDENT_LINKED, requests: ms.length, p50: quantile(ms, 0.5), max: Math.max(...ms) };
}

/** The filing form's read of open incidents (hostel 5's Plumbing, three of them). */
export const OPEN_INCIDENTS_PATH = '/api/incidents/open?type=Hostel&hostelNo=5&subType=Plumbing';
/** The same load's reference read: no database, no session (the bench's ceiling request). */
export const REFERENCE_PATH = '/api/config';

/**
 * Issue 34: a read while students file. Two clients file complaints one after another (each
 * request another student's, as the filing scenario), while two clients send `readPath` one after
 * another, for `seconds`. Run once with the open incidents and once with the reference read, the
 * second says what any request waits for beside these filings on this machine.
 */
export async function measureOpenWhileFiling(
  base: string,
  studentHeaders: Record<string, string>,
  filers: string[],
  seconds: number,
  readPath = OPEN_INCIDENTS_PATH,
) {
  const end = performance.now() + seconds * 1000;
  const reads: number[] = [];
  let filed = 0;
  let refused = 0;
  let turn = 0;
  const reader = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(`${base}${readPath}`, { headers: studentHeaders });
      await res.arrayBuffer();
      if (res.ok) reads.push(performance.now() - t0);
    }
  };
  const filer = async () => {
    while (performance.now() < end) {
      const token = filers[turn++ % filers.length];
      const res = await fetch(`${base}/api/complaints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'Hostel',
          hostelNo: 5,
          roomNo: '101',
          subType: 'Plumbing',
          description: 'No water since the morning.',
        }),
      });
      await res.arrayBuffer();
      if (res.ok) filed++;
      else refused++;
    }
  };
  await Promise.all([reader(), reader(), filer(), filer()]);
  return {
    reads: reads.length,
    p50: quantile(reads, 0.5),
    p99: quantile(reads, 0.99),
    filed,
    refused,
    seconds,
  };
}

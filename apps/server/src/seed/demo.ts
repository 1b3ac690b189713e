// Over 300 lines: the demo's whole data set (accounts, complaints, messages, incidents), one script in order.
import {
  accountPlace,
  COLLEGE_DEPARTMENTS,
  HOSTEL_PROBLEMS,
  isClosed,
  type TComplaintStatus,
  type TDesignation,
} from '@bit/contract';
import type { Insertable, Transaction } from 'kysely';
import sharp from 'sharp';
import type { Ctx } from '../context';
import type { ComplaintsTable, DB } from '../db/schema';
import { reindexAllComplaints } from '../db/search-index';
import { newComplaintToken } from '../lib/crypto';
import { hourBucket } from '../lib/hour-buckets';
import { processPhoto } from '../lib/images';
import { hashPassword } from '../lib/passwords';
import { scopeFlags } from '../policy/scope';
import { counterScopesOf, fileComplaint, timelineColumns } from '../services/complaints';
import { bumpCounters } from '../services/complaints/counters';
import { declareIncident, updateIncident } from '../services/incidents';

const DEMO_PASSWORD = 'Demo@1234';
const COMPLAINT_COUNT = 300;
const BATCH = 50;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface DemoUser {
  role: 'student' | 'authority' | 'admin';
  name: string;
  email: string;
  designation?: TDesignation;
  hostelNo?: number;
  rollNo?: string;
  department?: string;
  approved?: boolean;
}

function demoUsers(domain: string): DemoUser[] {
  const students: DemoUser[] = [
    ['Aarav Sharma', 'BTECH/10001/23', 'Computer Science'],
    ['Diya Patel', 'BTECH/10002/23', 'Electrical'],
    ['Rohan Verma', 'BTECH/10003/22', 'Mechanical'],
    ['Ananya Singh', 'BTECH/10004/22', 'Civil'],
    ['Kabir Gupta', 'BTECH/10005/24', 'Electronics'],
    ['Ishita Kumari', 'BTECH/10006/24', 'Chemical'],
  ].map(([name, rollNo, department], i) => ({
    role: 'student' as const,
    name: name as string,
    email: `student${i + 1}.demo@${domain}`,
    rollNo,
    department,
  }));
  return [
    { role: 'admin', name: 'Demo Admin', email: `admin.demo@${domain}` },
    ...students,
    {
      role: 'authority',
      name: 'Ravi Clerk',
      email: `clerk3.demo@${domain}`,
      designation: 'Hostel Clerk',
      hostelNo: 3,
    },
    {
      role: 'authority',
      name: 'Dr. Meena Rao',
      email: `warden3.demo@${domain}`,
      designation: 'Warden',
      hostelNo: 3,
    },
    {
      role: 'authority',
      name: 'Dr. Suresh Iyer',
      email: `warden5.demo@${domain}`,
      designation: 'Warden',
      hostelNo: 5,
    },
    {
      role: 'authority',
      name: 'Network Cell',
      email: `network.demo@${domain}`,
      designation: 'Network Department',
    },
    { role: 'authority', name: 'Estate Office', email: `other.demo@${domain}`, designation: 'Other' },
    {
      role: 'authority',
      name: 'Dr. Pending Warden',
      email: `warden7.demo@${domain}`,
      designation: 'Warden',
      hostelNo: 7,
      approved: false,
    },
  ];
}

function printLogins(users: DemoUser[]) {
  console.log(`Demo logins (password for every account: ${DEMO_PASSWORD}):`);
  for (const u of users) {
    const what =
      u.role === 'authority' ? `${u.designation}${u.hostelNo ? ` of hostel ${u.hostelNo}` : ''}` : u.role;
    console.log(`  ${u.email.padEnd(36)} ${what}${u.approved === false ? ' (awaiting approval)' : ''}`);
  }
}

/** A fixed-seed generator: the same demo data on every machine. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** The smallest well-formed one-page PDF, with a correct cross-reference table. */
export function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[\\()]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

type Row = {
  id: number;
  name: string;
  designation: string | null;
  hostel_no: number | null;
  roll_no: string | null;
};

/**
 * Fills the configured database with demo accounts, complaints (with history and counters),
 * feedback and notices. Running it again only prints the logins: the demo admin marks a seeded database.
 */
export async function seedDemo(ctx: Ctx): Promise<void> {
  const db = ctx.database.db;
  const users = demoUsers(ctx.config.studentEmailDomain);
  const adminEmail = users[0]?.email as string;
  const seeded = await db.selectFrom('users').select('id').where('email', '=', adminEmail).executeTakeFirst();
  if (seeded) {
    console.log('The demo data is already in this database; nothing was added.');
    printLogins(users);
    return;
  }

  const taken = await db
    .selectFrom('users')
    .select('email')
    .where(
      'email',
      'in',
      users.map((u) => u.email),
    )
    .execute();
  if (taken.length > 0)
    throw new Error(`demo accounts clash with existing ones: ${taken.map((t) => t.email).join(', ')}`);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = ctx.clock.now();
  const rand = prng(20260115);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

  const inserted = await db.transaction().execute(async (trx) => {
    const rows: (Row & { role: string })[] = [];
    for (const u of users) {
      const place = accountPlace(u.designation ?? null, {
        department: u.department ?? null,
        hostelNo: u.hostelNo ?? null,
      });
      const row = await trx
        .insertInto('users')
        .values({
          role: u.role,
          name: u.name,
          email: u.email,
          password_hash: passwordHash,
          mobile: '9876543210',
          department: place.department,
          designation: u.designation ?? null,
          hostel_no: place.hostelNo,
          roll_no: u.rollNo ?? null,
          session: u.role === 'student' ? '2023-27' : null,
          verified: 1,
          approved: u.approved === false ? 0 : 1,
          created_at: now - 120 * DAY,
          updated_at: now - 120 * DAY,
        })
        .returning(['id', 'name', 'designation', 'hostel_no', 'roll_no', 'role'])
        .executeTakeFirstOrThrow();
      rows.push({ ...row, id: Number(row.id) });
    }
    return rows;
  });

  const students = inserted.filter((u) => u.role === 'student');
  const authorities = inserted.filter((u) => u.role === 'authority' && u.hostel_no !== 7);
  const network = authorities.find((a) => a.designation === 'Network Department') as Row;
  const other = authorities.find((a) => a.designation === 'Other') as Row;
  /** Who handles a complaint: the hostel's own staff when seeded, the network cell for network problems, else Other. */
  const handlerOf = (c: Insertable<ComplaintsTable>): Row => {
    if (c.is_network === 1) return network;
    const local = authorities.filter((a) => a.hostel_no !== null && a.hostel_no === c.hostel_no);
    return local.length > 0 ? pick(local) : other;
  };

  const weights: [TComplaintStatus, number][] = [
    ['Pending', 0.3],
    ['In Progress', 0.25],
    ['Resolved', 0.35],
    ['Rejected', 0.1],
  ];
  const pickStatus = (): TComplaintStatus => {
    let r = rand();
    for (const [s, w] of weights) {
      r -= w;
      if (r < 0) return s;
    }
    return 'Resolved';
  };
  const descriptions: Record<string, string> = {
    Electrical: 'Power keeps tripping in the room since yesterday evening.',
    Plumbing: 'The washroom tap leaks continuously and the floor stays wet.',
    Furniture: 'The study table drawer is broken and cannot be closed.',
    Internet: 'Wi-Fi disconnects every few minutes; speed is below 1 Mbps.',
    Network: 'The LAN port in the room shows no link.',
    Cleanliness: 'The corridor has not been swept for three days.',
    Fan: 'The ceiling fan makes a loud noise and runs very slowly.',
    Socket: 'The wall socket near the bed sparks when a plug is inserted.',
    Bulb: 'The tube light has stopped working.',
    'Window Glass': 'A window pane is cracked and lets rain in.',
    Chair: 'The chair leg is broken.',
  };
  const remarksFor: Record<TComplaintStatus, string | null> = {
    Pending: null,
    'In Progress': 'Technician assigned; will visit within two days.',
    Resolved: 'Work completed and checked.',
    Rejected: 'Duplicate of an earlier complaint already being handled.',
  };
  const comments = [
    'Quick and polite service.',
    'Took a while but fixed properly.',
    null,
    'Thank you!',
    'Could be faster.',
  ];

  let resolvedIds: { id: number; student: Row; at: number }[] = [];
  let feedbackCount = 0;
  for (let start = 0; start < COMPLAINT_COUNT; start += BATCH) {
    await db.transaction().execute(async (trx: Transaction<DB>) => {
      const deltas: Record<string, number> = {};
      const add = (k: string, d: number) => {
        deltas[k] = (deltas[k] ?? 0) + d;
      };
      for (let i = start; i < Math.min(start + BATCH, COMPLAINT_COUNT); i++) {
        const student = pick(students);
        const isHostel = rand() < 0.7;
        const subType = isHostel ? pick(HOSTEL_PROBLEMS) : pick(COLLEGE_DEPARTMENTS);
        const hostelNo = isHostel ? 1 + Math.floor(rand() * 13) : null;
        const status = pickStatus();
        // spread over the last 90 days, oldest first so ids follow time, and every update in the past
        const createdAt = now - 3 * DAY - Math.round(((COMPLAINT_COUNT - i) / COMPLAINT_COUNT) * 87 * DAY);
        const values: Insertable<ComplaintsTable> = {
          token: newComplaintToken(),
          type: isHostel ? 'Hostel' : 'College',
          hostel_no: hostelNo,
          room_no: isHostel ? String(100 + Math.floor(rand() * 300)) : null,
          sub_type: subType,
          ...scopeFlags({ type: isHostel ? 'Hostel' : 'College', subType }),
          description: descriptions[subType] ?? `Issue reported to ${subType}: please look into it.`,
          status,
          remarks: remarksFor[status],
          assigned_to_id: null,
          assigned_name: null,
          assigned_designation: null,
          student_id: student.id,
          student_name: student.name,
          student_roll: student.roll_no,
          created_at: createdAt,
          updated_at: createdAt,
          ...timelineColumns(ctx.config, {
            type: isHostel ? 'Hostel' : 'College',
            createdAt,
            firstResponseAt: null,
            resolvedAt: null,
          }),
        };
        const steps: TComplaintStatus[] =
          status === 'Pending' ? [] : status === 'Resolved' ? ['In Progress', 'Resolved'] : [status];
        // How long each took, varied as a help desk's times are: the first response mostly within
        // hours, a few after days; the fix from hours to a week after it. (One day a step made every
        // median and 90th percentile of the report read 23.1 h and 49.5 h, issue 33 row 7.) Every
        // change stays in the past, half an hour before now at the latest.
        const room = now - HOUR / 2 - createdAt;
        const respondedAt = createdAt + Math.round(Math.min(room / 2, HOUR * (0.2 + 60 * rand() ** 2.5)));
        const resolvedAt = Math.round(
          Math.min(createdAt + room, respondedAt + HOUR * (0.5 + 160 * rand() ** 2)),
        );
        const stepTimes = status === 'Resolved' ? [respondedAt, resolvedAt] : [respondedAt];
        const handler = steps.length > 0 ? handlerOf(values) : null;
        if (handler) {
          values.assigned_to_id = handler.id;
          values.assigned_name = handler.name;
          values.assigned_designation = handler.designation;
          values.updated_at = stepTimes[steps.length - 1] as number;
          if (isClosed(status)) values.closed_at = values.updated_at;
          Object.assign(
            values,
            timelineColumns(ctx.config, {
              type: values.type,
              createdAt,
              firstResponseAt: respondedAt,
              resolvedAt: status === 'Resolved' ? resolvedAt : null,
            }),
          );
        }
        const row = await trx
          .insertInto('complaints')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        const history = [
          {
            status: 'Pending',
            remarks: null,
            by_id: student.id,
            by_name: student.name,
            by_designation: null,
            at: createdAt,
          },
          ...steps.map((s, k) => ({
            status: s,
            remarks: remarksFor[s],
            by_id: handler?.id ?? null,
            by_name: handler?.name ?? 'Unknown',
            by_designation: handler?.designation ?? null,
            at: stepTimes[k] as number,
          })),
        ];
        await trx
          .insertInto('complaint_history')
          .values(history.map((h) => ({ ...h, complaint_id: id })))
          .execute();
        const counted = {
          type: values.type,
          hostel_no: hostelNo,
          is_network: values.is_network,
          student_id: student.id,
        };
        for (const s of counterScopesOf(counted)) add(`c:${s}:${status}`, 1);
        if (status === 'Resolved') resolvedIds.push({ id, student, at: values.updated_at as number });
      }
      // about two thirds of resolved complaints get rated, leaving some for the /feedback screen
      const rated = resolvedIds.filter(() => rand() < 0.65);
      if (rated.length > 0) {
        const fb = rated.map((r) => ({
          complaint_id: r.id,
          student_id: r.student.id,
          rating: pick([5, 5, 4, 4, 4, 3, 2, 1]),
          comments: pick(comments),
          created_at: Math.min(now - 60_000, r.at + Math.floor(rand() * DAY)),
        }));
        await trx.insertInto('feedback').values(fb).execute();
        add('fb:count', fb.length);
        add(
          'fb:sum',
          fb.reduce((sum, f) => sum + f.rating, 0),
        );
        feedbackCount += fb.length;
      }
      resolvedIds = [];
      await bumpCounters(trx, deltas);
    });
  }

  const admin = inserted[0] as Row & { role: string };
  const warden3 = inserted.find((u) => u.designation === 'Warden' && u.hostel_no === 3) as Row & {
    role: string;
  };
  const notices = [
    {
      by: admin,
      hostel: 'all',
      title: 'Mid-semester examination schedule',
      message:
        'Mid-semester exams begin on the 3rd of next month. The detailed timetable is on the notice board.',
    },
    {
      by: admin,
      hostel: 'all',
      title: 'Campus Wi-Fi maintenance',
      message: 'Wi-Fi will be unavailable on Sunday from 6 AM to 9 AM for maintenance.',
    },
    {
      by: warden3,
      hostel: '3',
      title: 'Hostel 3 mess menu for this week',
      message: 'The revised mess menu is attached. Feedback is welcome at the mess office.',
      pdf: true,
    },
    {
      by: warden3,
      hostel: '3',
      title: 'Water supply interruption',
      message: 'Water supply will be off on Saturday from 10 AM to 1 PM for tank cleaning.',
    },
  ];
  await db.transaction().execute(async (trx) => {
    for (const [k, n] of notices.entries()) {
      const pdf = n.pdf ? minimalPdf('Hostel 3 mess menu') : null;
      const row = await trx
        .insertInto('notifications')
        .values({
          title: n.title,
          message: n.message,
          hostel: n.hostel,
          pdf_name: pdf ? 'hostel-3-mess-menu.pdf' : null,
          pdf_size: pdf ? pdf.length : null,
          posted_by_id: n.by.id,
          posted_by_name: n.by.name,
          posted_by_role: n.by.role,
          posted_by_designation: n.by.role === 'authority' ? n.by.designation : null,
          created_at: now - (notices.length - k) * DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pdf)
        await trx.insertInto('notification_files').values({ notification_id: row.id, data: pdf }).execute();
    }
  });

  const conversation = await seedConversations(ctx, now);
  const incidents = await seedIncidents(ctx);
  // the seed writes its rows directly: their search documents are written after (decision 0025)
  await reindexAllComplaints(db, ctx.database.dialect);

  console.log(
    `Seeded ${users.length} accounts, ${COMPLAINT_COUNT + incidents.complaints} complaints, ${feedbackCount} feedback entries, ${notices.length} notices, ${conversation.messages} messages and ${conversation.photos} photos, ${incidents.incidents} incidents.`,
  );
  printLogins(users);
}

/** A small picture the seed draws itself (no files shipped): a coloured card with a label. */
async function demoPhoto(label: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="${colour}"/>
    <rect x="40" y="40" width="560" height="400" rx="24" fill="#ffffff" fill-opacity="0.35"/>
    <text x="320" y="255" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#1f2937">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * Messages and photos on the newest complaints (CONTRACT 5.2, 5.3): the student asks, whoever
 * handles it answers; a few complaints carry a photo or two, made by the seed and stored as an
 * upload would be (re-encoded, with a thumbnail).
 */
async function seedConversations(ctx: Ctx, now: number): Promise<{ messages: number; photos: number }> {
  const db = ctx.database.db;
  const recent = await db
    .selectFrom('complaints')
    .innerJoin('users', 'users.id', 'complaints.student_id')
    .select([
      'complaints.id',
      'complaints.sub_type',
      'complaints.created_at',
      'complaints.assigned_to_id',
      'complaints.assigned_name',
      'complaints.assigned_designation',
      'users.id as student_id',
      'users.name as student_name',
    ])
    .orderBy('complaints.id', 'desc')
    .limit(24)
    .execute();
  const photos = await Promise.all([
    demoPhoto('Broken fan blade', '#93c5fd'),
    demoPhoto('Leaking tap', '#86efac'),
    demoPhoto('Cracked window', '#fca5a5'),
  ]).then((all) => Promise.all(all.map((p) => processPhoto(p))));
  let messages = 0;
  let attached = 0;
  await db.transaction().execute(async (trx) => {
    for (const [k, c] of recent.entries()) {
      const student = {
        by_id: Number(c.student_id),
        by_name: c.student_name,
        by_role: 'student' as const,
        by_designation: null,
      };
      const asked = Math.min(now - 60_000, Number(c.created_at) + 3 * 60 * 60 * 1000);
      await trx
        .insertInto('complaint_messages')
        .values({
          complaint_id: Number(c.id),
          body: `Any update on the ${c.sub_type.toLowerCase()} problem? It is still there.`,
          ...student,
          at: asked,
        })
        .execute();
      messages++;
      if (c.assigned_to_id !== null && c.assigned_name) {
        const answered = Math.min(now - 30_000, asked + 2 * 60 * 60 * 1000);
        await trx
          .insertInto('complaint_messages')
          .values({
            complaint_id: Number(c.id),
            body: 'Thanks for the details. Someone from maintenance will visit your room tomorrow morning.',
            by_id: Number(c.assigned_to_id),
            by_name: c.assigned_name,
            by_role: 'authority',
            by_designation: c.assigned_designation,
            at: answered,
          })
          .execute();
        messages++;
        // an authority's message is a first response too (CONTRACT 5.6), when it came before the status change
        await trx
          .updateTable('complaints')
          .set({
            first_response_at: answered,
            fr_bucket: hourBucket(answered - Number(c.created_at)),
          })
          .where('id', '=', Number(c.id))
          .where('first_response_at', '>', answered)
          .execute();
      }
      if (k % 4 === 0) {
        const picture = photos[(k / 4) % photos.length]!;
        const row = await trx
          .insertInto('complaint_attachments')
          .values({
            complaint_id: Number(c.id),
            content_type: picture.contentType,
            width: picture.width,
            height: picture.height,
            bytes: picture.data.length,
            ...student,
            at: Math.min(now - 45_000, Number(c.created_at) + 60_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('attachment_files')
          .values({ attachment_id: Number(row.id), data: picture.data, thumb: picture.thumb })
          .execute();
        attached++;
      }
    }
  });
  return { messages, photos: attached };
}

/**
 * Issue 34: two incidents through the services themselves (filings, a declaration, one update for
 * all), so counters, history and mails are what the app writes: hostel 3's water outage with dozens
 * of complaints, In Progress, and the library's Wi-Fi, Pending; and four unlinked Electrical
 * complaints in hostel 5, which Dr. Suresh Iyer's dashboard offers as one problem.
 */
async function seedIncidents(ctx: Ctx): Promise<{ incidents: number; complaints: number }> {
  const db = ctx.database.db;
  const domain = ctx.config.studentEmailDomain;
  const user = (email: string) =>
    db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const students = await db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', 'student')
    .where('email', 'like', `student%.demo@${domain}`)
    .orderBy('id')
    .execute();
  let filed = 0;
  const fileSome = async (n: number, input: Parameters<typeof fileComplaint>[2]) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const student = students[i % students.length]!;
      const room = input.type === 'Hostel' ? { roomNo: String(101 + ((i * 7) % 60)) } : {};
      const { complaint } = await fileComplaint(ctx, student, { ...input, ...room } as typeof input);
      ids.push(complaint.id);
      filed++;
    }
    return ids;
  };
  const water = await fileSome(36, {
    type: 'Hostel',
    hostelNo: 3,
    roomNo: '101',
    subType: 'Plumbing',
    description: 'No water in the washrooms of Block B since the morning.',
  });
  const warden3 = await user(`warden3.demo@${domain}`);
  const outage = await declareIncident(ctx, warden3, {
    title: 'Water supply off in Block B',
    type: 'Hostel',
    hostelNo: 3,
    subType: 'Plumbing',
    complaintIds: water,
  });
  await updateIncident(ctx, warden3, outage.id, {
    status: 'In Progress',
    remarks: 'The pump motor burnt out; a new one arrives this evening.',
  });
  const wifi = await fileSome(5, {
    type: 'College',
    subType: 'IT Support',
    description: 'The library Wi-Fi does not connect at all.',
  });
  await declareIncident(ctx, await user(`network.demo@${domain}`), {
    title: 'Library Wi-Fi down',
    type: 'College',
    subType: 'IT Support',
    complaintIds: wifi,
  });
  await fileSome(4, {
    type: 'Hostel',
    hostelNo: 5,
    roomNo: '101',
    subType: 'Electrical',
    description: 'The power in our wing went off an hour ago.',
  });
  return { incidents: 2, complaints: filed };
}

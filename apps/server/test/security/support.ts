import { sql } from 'kysely';
import type { TestApp } from '../harness';

/** A tiny but real PDF: its bytes start with the %PDF- magic. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A multipart body built the way a browser builds it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Uint8Array; type?: string; field?: string },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file)
    fd.append(
      file.field ?? 'pdf',
      new Blob([file.data], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

/** Row counts of every table a request could write, plus the counters' values, in one query. */
export async function dbSnapshot(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'users',
    'complaints',
    'complaint_history',
    'feedback',
    'notifications',
    'notification_files',
    'sessions',
    'counters',
  ];
  const cols = tables.map((n) => sql`(select count(*) from ${sql.table(n)}) as ${sql.ref(n)}`);
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${sql.join(cols)}, (select coalesce(sum(value), 0) from counters) as counter_sum, (select coalesce(sum(attempts), 0) from otp_codes) as otp_attempts`.execute(
    t.ctx.database.db,
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

let ipSeq = 0;
/** A fresh client address per request, so the per-address throttles never mask what a case tests. */
export function freshIp(): string {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

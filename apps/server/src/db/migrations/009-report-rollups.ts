import { type Kysely, type Migration, sql } from 'kysely';
import { zonedDay } from '../../lib/zoned-time';
import type { Dialect } from '../database';
import type { MigrationSettings } from './008-due-dates-reports';

/**
 * The rollup's key, in the order of its primary key: kind, period (YYYYMM for a month's row,
 * YYYYMMDD for a day's), type, category, value (a status's code or an hour bucket) and hostel (0
 * where the kind does not split by hostel). A kind is its period's letter, 'm' or 'd', and one of
 * 's' status counts and 'r' resolution buckets over all hostels, 'S' and 'R' the same per hostel,
 * 'f' first-response buckets per type (category ''), 'F' the same per hostel.
 */
const KEY = 'kind, period, type, sub_type, value, hostel_no';

/** Status codes in the contract's order (this copy is frozen with the migration). */
const statusCode = (column: string) =>
  `case ${column} when 'Pending' then 0 when 'In Progress' then 1 when 'Resolved' then 2 else 3 end`;

/** One rollup row a complaint row counts in: its key as expressions over the row, and when. */
interface Counted {
  kind: string;
  period: string;
  type: string;
  category: string;
  value: string;
  hostel: string;
  when: string | null;
}

/** The rollup rows a complaint row counts in. `col` names a column of it (NEW.x, OLD.x, t.x). */
function countedIn(col: (c: string) => string): Counted[] {
  const type = col('type');
  const sub = col('sub_type');
  const hostel = col('hostel_no');
  const status = statusCode(col('status'));
  const res = col('res_bucket');
  const fr = col('fr_bucket');
  const hostelOnly = `${hostel} is not null`;
  return (['m', 'd'] as const).flatMap((g) => {
    const period = col(g === 'm' ? 'filed_month' : 'filed_day');
    const row = (kind: string, category: string, value: string, h: string, when: string | null): Counted => ({
      kind: `${g}${kind}`,
      period,
      type,
      category,
      value,
      hostel: h,
      when,
    });
    return [
      row('s', sub, status, '0', null),
      row('S', sub, status, hostel, hostelOnly),
      row('r', sub, res, '0', `${res} is not null`),
      row('R', sub, res, hostel, `${res} is not null and ${hostelOnly}`),
      row('f', "''", fr, '0', `${fr} is not null`),
      row('F', "''", fr, hostel, `${fr} is not null and ${hostelOnly}`),
    ];
  });
}

/** The rollup rows of complaint rows as one signed set (+1 a row that appears, -1 one that goes). */
function deltas(col: (c: string) => string, from: string, sign: 1 | -1) {
  return countedIn(col)
    .map(
      (r) =>
        `select '${r.kind}' as kind, ${r.period} as period, ${r.type} as type, ${r.category} as sub_type,
          ${r.value} as value, ${r.hostel} as hostel_no, ${sign} as d ${from}${r.when ? ` where ${r.when}` : ''}`,
    )
    .join(' union all ');
}

/**
 * A SQLite row trigger's body: one plain upsert per rollup row (a dozen, most skipped by their
 * condition), which runs in a few microseconds where one grouped statement over the same rows took
 * seventy per filing. SQLite has one writer, so the order of the writes cannot deadlock anything.
 */
const upserts = (col: (c: string) => string, sign: 1 | -1) =>
  countedIn(col)
    .map(
      (r) =>
        `insert into report_rollup (${KEY}, shard, n)
          select '${r.kind}', ${r.period}, ${r.type}, ${r.category}, ${r.value}, ${r.hostel}, 0, ${sign}
          where ${r.when ?? '1'}
          on conflict (${KEY}, shard) do update set n = n + excluded.n;`,
    )
    .join('\n');

/**
 * One statement that adds the deltas to the rollup. Net-zero keys (an update that changed nothing
 * the report counts) write nothing; keys go in one order, so two transactions that touch the same
 * rows on PostgreSQL take their locks in the same order and cannot deadlock each other.
 */
const apply = (parts: string[], shard = '0') => `
  insert into report_rollup (${KEY}, shard, n)
  select ${KEY}, ${shard}, sum(d) from (${parts.join(' union all ')}) x
  group by ${KEY} having sum(d) <> 0 order by ${KEY}
  on conflict (${KEY}, shard) do update set n = report_rollup.n + excluded.n`;

/**
 * PostgreSQL: which of SHARDS rows of a key a transaction adds to. Concurrent filings of the same
 * day, category, hostel and status would otherwise all wait on one row until each commits; by
 * connection, they wait only for filings on the same connection, which run one after another
 * anyway. The report sums the shards.
 */
const SHARDS = 16;
const PG_SHARD = `pg_backend_pid() % ${SHARDS}`;

/**
 * CONTRACT 5.6 at a million complaints (decision 0018): the report's counts and hour buckets per
 * filing month and per filing day, by category and hostel, kept by triggers on complaints so that
 * every write path (filing, status change, reopening, messages, the bench's bulk insert) keeps
 * them exact in its own transaction. A year's report reads whole months and the days of its
 * partial months from here: tens of thousands of rows instead of every complaint. The report's
 * indexes over complaints (migration 008), which it no longer walks, go.
 */
export const reportRollups = (dialect: Dialect, settings: MigrationSettings): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('complaints')
      .addColumn('filed_day', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // the complaints filed before: in batches by id, so a large database is never read at once
    let after = 0;
    for (;;) {
      const { rows } = await sql<{ id: number | string; created_at: number | string }>`
        select id, created_at from complaints where id > ${after} order by id limit 1000`.execute(db);
      if (rows.length === 0) break;
      for (const r of rows)
        await sql`update complaints set filed_day = ${zonedDay(Number(r.created_at), settings.timeZone)}
          where id = ${Number(r.id)}`.execute(db);
      after = Number(rows.at(-1)?.id);
    }

    for (const index of [
      'complaints_report_counts_idx',
      'complaints_report_resolution_idx',
      'complaints_report_response_idx',
      'complaints_report_hostel_idx',
    ])
      await db.schema.dropIndex(index).execute();
    // The report's overdue-per-hostel count may walk the open complaints by filing time (which
    // planners pick for a short period): with due_at in the index that walk reads no rows either.
    await db.schema.dropIndex('complaints_open_age_idx').execute();
    await db.schema
      .createIndex('complaints_open_age_idx')
      .on('complaints')
      .columns(['created_at', 'type', 'hostel_no', 'due_at', 'status'])
      .where(sql<boolean>`status not in ('Resolved', 'Rejected')`)
      .execute();

    // Overdue counts (CONTRACT 5.5) as the open complaints of a scope (its counters) less those not
    // yet due: these indexes hold the open complaints of each list scope in due_at order, so the
    // not-yet-due ones (filed within the last SLA hours) are one short range instead of a walk of
    // every open complaint.
    const due: [string, string[]][] = [
      ['complaints_due_idx', ['due_at', 'status']],
      ['complaints_due_hostel_idx', ['hostel_no', 'due_at', 'status']],
      ['complaints_due_network_idx', ['is_network', 'due_at', 'status']],
      ['complaints_due_type_idx', ['type', 'due_at', 'status']],
    ];
    for (const [name, columns] of due)
      await db.schema
        .createIndex(name)
        .on('complaints')
        .columns(columns)
        .where(sql<boolean>`status not in ('Resolved', 'Rejected')`)
        .execute();

    await db.schema
      .createTable('report_rollup')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('period', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('sub_type', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('hostel_no', 'integer', (c) => c.notNull())
      // always 0 on SQLite (one writer); on PostgreSQL see PG_SHARD
      .addColumn('shard', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_rollup_pk', [
        'kind',
        'period',
        'type',
        'sub_type',
        'value',
        'hostel_no',
        'shard',
      ])
      // SQLite keeps the rows in key order, so a period range is one walk of the table itself
      .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
    // the hostel filter reads one hostel's rows; holding n keeps it off the table
    await db.schema
      .createIndex('report_rollup_hostel_idx')
      .on('report_rollup')
      .columns(['hostel_no', 'kind', 'period', 'type', 'sub_type', 'value', 'n'])
      .execute();

    // the complaints filed before
    await sql.raw(apply([deltas((c) => `c.${c}`, 'from complaints c', 1)])).execute(db);

    if (dialect === 'sqlite') {
      const NEW = (c: string) => `NEW.${c}`;
      const OLD = (c: string) => `OLD.${c}`;
      await sql
        .raw(`create trigger report_rollup_insert after insert on complaints begin ${upserts(NEW, 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger report_rollup_update after update of
            status, res_bucket, fr_bucket, filed_month, filed_day, type, sub_type, hostel_no on complaints begin
          ${upserts(OLD, -1)} ${upserts(NEW, 1)} end`)
        .execute(db);
      await sql
        .raw(`create trigger report_rollup_delete after delete on complaints begin ${upserts(OLD, -1)} end`)
        .execute(db);
      return;
    }

    // PostgreSQL: statement-level triggers over transition tables, so a bulk insert of 500 rows
    // is one upsert, not 500
    const t = (c: string) => `t.${c}`;
    const fn = async (name: string, parts: string[]) =>
      sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$
          begin ${apply(parts, PG_SHARD)}; return null; end $$`)
        .execute(db);
    await fn('report_rollup_on_insert', [deltas(t, 'from new_rows t', 1)]);
    await fn('report_rollup_on_update', [deltas(t, 'from old_rows t', -1), deltas(t, 'from new_rows t', 1)]);
    await fn('report_rollup_on_delete', [deltas(t, 'from old_rows t', -1)]);
    await sql`create trigger report_rollup_insert after insert on complaints
      referencing new table as new_rows for each statement execute function report_rollup_on_insert()`.execute(
      db,
    );
    await sql`create trigger report_rollup_update after update on complaints
      referencing old table as old_rows new table as new_rows
      for each statement execute function report_rollup_on_update()`.execute(db);
    await sql`create trigger report_rollup_delete after delete on complaints
      referencing old table as old_rows for each statement execute function report_rollup_on_delete()`.execute(
      db,
    );
  },
});

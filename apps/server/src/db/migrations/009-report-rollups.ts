import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * The rollup's key, in the order of its primary key: kind ('s' status, 'r' resolution bucket,
 * 'f' first-response bucket), filing month, type, category ('' for 'f', which the report reads per
 * type only), value (the status's code, or the bucket) and hostel (0 for College).
 */
const KEY = 'kind, month, type, sub_type, value, hostel_no';

/** Status codes in the contract's order (this copy is frozen with the migration). */
const statusCode = (column: string) =>
  `case ${column} when 'Pending' then 0 when 'In Progress' then 1 when 'Resolved' then 2 else 3 end`;

/**
 * The rollup rows one complaint row stands for, signed: +1 for a row that appears, -1 for one that
 * goes. `col` names a column of the row (NEW.x in a SQLite trigger, t.x over a transition table).
 */
function deltas(col: (c: string) => string, from: string, sign: 1 | -1) {
  const hostel = `coalesce(${col('hostel_no')}, 0)`;
  return `
    select 's' as kind, ${col('filed_month')} as month, ${col('type')} as type, ${col('sub_type')} as sub_type,
      ${statusCode(col('status'))} as value, ${hostel} as hostel_no, ${sign} as d ${from}
    union all
    select 'r', ${col('filed_month')}, ${col('type')}, ${col('sub_type')}, ${col('res_bucket')}, ${hostel}, ${sign} ${from}
      where ${col('res_bucket')} is not null
    union all
    select 'f', ${col('filed_month')}, ${col('type')}, '', ${col('fr_bucket')}, ${hostel}, ${sign} ${from}
      where ${col('fr_bucket')} is not null`;
}

/**
 * One statement that adds the deltas to the rollup. Net-zero keys (an update that changed nothing
 * the report counts) write nothing; keys go in one order, so two transactions that touch the same
 * rows on PostgreSQL take their locks in the same order and cannot deadlock each other.
 */
const apply = (parts: string[]) => `
  insert into report_rollup (${KEY}, n)
  select ${KEY}, sum(d) from (${parts.join(' union all ')}) x
  group by ${KEY} having sum(d) <> 0 order by ${KEY}
  on conflict (${KEY}) do update set n = report_rollup.n + excluded.n`;

/**
 * CONTRACT 5.6 at a million complaints (decision 0018): the report's counts and hour buckets per
 * filing month, category and hostel, kept by triggers on complaints so that every write path
 * (filing, status change, reopening, messages, deletion, the bench's bulk insert) keeps them exact
 * in its own transaction. A year's report reads whole months from here (tens of thousands of rows
 * instead of every complaint) and only its first and last partial months from the complaints.
 */
export const reportRollups = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('report_rollup')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('month', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('sub_type', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('hostel_no', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_rollup_pk', [
        'kind',
        'month',
        'type',
        'sub_type',
        'value',
        'hostel_no',
      ])
      // SQLite keeps the rows in key order, so a month range is one walk of the table itself
      .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();
    // the hostel filter reads one hostel's rows; holding n keeps it off the table
    await db.schema
      .createIndex('report_rollup_hostel_idx')
      .on('report_rollup')
      .columns(['hostel_no', 'kind', 'month', 'type', 'sub_type', 'value', 'n'])
      .execute();

    // the complaints filed before
    const row = (c: string) => `c.${c}`;
    await sql.raw(apply([deltas(row, 'from complaints c', 1)])).execute(db);

    if (dialect === 'sqlite') {
      const NEW = (c: string) => `NEW.${c}`;
      const OLD = (c: string) => `OLD.${c}`;
      await sql
        .raw(`create trigger report_rollup_insert after insert on complaints begin
          ${apply([deltas(NEW, '', 1)])}; end`)
        .execute(db);
      await sql
        .raw(`create trigger report_rollup_update
          after update of status, res_bucket, fr_bucket, filed_month, type, sub_type, hostel_no on complaints begin
          ${apply([deltas(OLD, '', -1), deltas(NEW, '', 1)])}; end`)
        .execute(db);
      await sql
        .raw(`create trigger report_rollup_delete after delete on complaints begin
          ${apply([deltas(OLD, '', -1)])}; end`)
        .execute(db);
      return;
    }

    // PostgreSQL: statement-level triggers over transition tables, so a bulk insert of 500 rows
    // is one upsert, not 500
    const t = (c: string) => `t.${c}`;
    const fn = async (name: string, parts: string[]) =>
      sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$
          begin ${apply(parts)}; return null; end $$`)
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

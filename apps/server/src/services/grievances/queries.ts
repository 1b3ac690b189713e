/**
 * The statements of the calendar (CONTRACT 7.1) and the committees (7.2). Small tables read rarely
 * (a page of the admin's, the public page, a deadline when a grievance is submitted): plain Kysely,
 * no prepared statements.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A year's holidays, in date order. */
export const holidaysOfYear = (db: Db, year: number) =>
  db.selectFrom('holidays').select(['date', 'name']).where('year', '=', year).orderBy('date').execute();

/** The holidays' days from `from` (included) to `to` (excluded), YYYY-MM-DD comparing as text. */
export const holidayDaysBetween = (db: Db, from: string, to: string) =>
  db.selectFrom('holidays').select('date').where('date', '>=', from).where('date', '<', to).execute();

/**
 * Replaces a year's holidays. Writing the year's row first locks it (PostgreSQL) until the
 * transaction ends, so a second admin's replacement of the same year waits and then deletes what
 * the first one wrote, instead of meeting its rows.
 */
export async function replaceHolidays(
  trx: Transaction<DB>,
  year: number,
  holidays: { date: string; name: string }[],
  now: number,
) {
  await trx
    .insertInto('calendar_years')
    .values({ year, updated_at: now })
    .onConflict((oc) => oc.column('year').doUpdateSet({ updated_at: now }))
    .execute();
  await trx.deleteFrom('holidays').where('year', '=', year).execute();
  if (holidays.length > 0)
    await trx
      .insertInto('holidays')
      .values(holidays.map((h) => ({ date: h.date, year, name: h.name })))
      .execute();
}

/**
 * Every committee's members who are approved authorities now, the chair first, then by name. A
 * member whose approval was withdrawn keeps the row (approved again, they are back) but sits on no
 * committee meanwhile: not shown, not counted, not told.
 */
export const committeeMembers = (db: Db, committee?: string) => {
  let q = db
    .selectFrom('committee_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.committee', 'm.user_id', 'm.chair', 'u.name', 'u.designation'])
    .where('u.role', '=', 'authority')
    .where('u.approved', '=', 1)
    .where('u.verified', '=', 1);
  if (committee !== undefined) q = q.where('m.committee', '=', committee);
  return q.orderBy('m.committee').orderBy('m.chair', 'desc').orderBy('u.name').orderBy('m.user_id').execute();
};

/** Locks a committee's row (PostgreSQL) for the replacement of its members, as replaceHolidays does a year. */
export const lockCommittee = (trx: Transaction<DB>, committee: string, now: number) =>
  trx.updateTable('committees').set({ updated_at: now }).where('committee', '=', committee).execute();

export const clearCommittee = (trx: Transaction<DB>, committee: string) =>
  trx.deleteFrom('committee_members').where('committee', '=', committee).execute();

/**
 * Seats a user on a committee if, and only if, they are an approved authority now: one conditional
 * write, so an approval withdrawn at the same moment cannot slip a member in. 0 rows: refused.
 */
export async function seatIfApprovedAuthority(
  trx: Transaction<DB>,
  committee: string,
  userId: number,
  chair: boolean,
): Promise<boolean> {
  const result = await trx
    .insertInto('committee_members')
    .columns(['committee', 'user_id', 'chair'])
    .expression(
      trx
        .selectFrom('users')
        .select([
          // typed, or PostgreSQL reads an untyped parameter of a SELECT list as text
          sql<string>`cast(${committee} as text)`.as('committee'),
          'id',
          sql<number>`cast(${chair ? 1 : 0} as integer)`.as('chair'),
        ])
        .where('id', '=', userId)
        .where('role', '=', 'authority')
        .where('approved', '=', 1)
        .where('verified', '=', 1),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

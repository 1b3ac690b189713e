import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type Placeholder, type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';

// PostgreSQL runs transactions side by side (read committed): posts sent at once each counted
// the others as not there yet. Locking the poster's row makes one poster's posts take turns.
export const lockPoster = preparedQuery((db, p: Placeholders<{ posterId: number }>) =>
  db.selectFrom('users').select('id').where('id', '=', p.posterId).forNoKeyUpdate(),
);

// one of the poster's notices by age (`skip` newer ones before it), from notifications_poster_idx
export const posterNoticeByAge = preparedQuery((db, p: Placeholders<{ posterId: number; skip: number }>) =>
  db
    .selectFrom('notifications')
    .select('created_at')
    .where('posted_by_id', '=', p.posterId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(p.skip),
);

/** Which notices: every one, the whole-college ones, or one hostel's (`target`) and the whole-college ones. */
export type NoticeAudience = 'every' | 'all' | 'hostel';

function noticesFor(db: Kysely<DB>, audience: NoticeAudience, target: Placeholder<string>) {
  const from = db.selectFrom('notifications');
  if (audience === 'all') return from.where('hostel', '=', 'all');
  if (audience === 'hostel') return from.where('hostel', 'in', [target, 'all']);
  return from;
}

export const noticeCount = preparedQuery(
  (db, p: Placeholders<{ target: string }>, audience: NoticeAudience) =>
    noticesFor(db, audience, p.target).select((eb) => eb.fn.countAll<number>().as('count')),
);

export interface NoticePageArgs {
  target: string;
  before: number;
  limit: number;
  offset: number;
}

type NoticePageShape = { audience: NoticeAudience; keyset: boolean };

// `keyset`: the page starts below the id `before` (the index is entered there, nothing skipped)
function noticePageQuery(db: Kysely<DB>, p: Placeholders<NoticePageArgs>, shape: NoticePageShape) {
  const { audience, keyset } = shape;
  if (audience === 'hostel') {
    // `hostel in (x, 'all') order by id` cannot be read in order from the (hostel, id) index: it
    // sorted every matching notice on each request. Two ordered ranges joined by UNION ALL are
    // merged instead (SQLite: MERGE (UNION ALL)), stopping after a page. PostgreSQL chooses by cost
    // (for a few thousand notices, a top-N sort of the two ranges).
    return db
      .selectFrom('notifications')
      .selectAll()
      .where('hostel', '=', p.target)
      .$if(keyset, (q) => q.where('id', '<', p.before))
      .unionAll(
        db
          .selectFrom('notifications')
          .selectAll()
          .where('hostel', '=', 'all')
          .$if(keyset, (q) => q.where('id', '<', p.before)),
      )
      .orderBy('id', 'desc')
      .limit(p.limit)
      .$if(!keyset, (q) => q.offset(p.offset));
  }
  return noticesFor(db, audience, p.target)
    .selectAll()
    .$if(keyset, (q) => q.where('id', '<', p.before))
    .orderBy('id', 'desc')
    .limit(p.limit)
    .$if(!keyset, (q) => q.offset(p.offset));
}

export const noticePage = preparedQuery((db, p: Placeholders<NoticePageArgs>, shape: NoticePageShape) =>
  noticePageQuery(db, p, shape),
);

/**
 * The count and the page as one statement, for PostgreSQL, where each statement is a round trip
 * (decision 0019); SQLite runs noticeCount and noticePage, each a few microseconds in process. The
 * page size and a first page's offset are in the text: as parameters, PostgreSQL priced the
 * generic plan for a tenth of the table and planned the statement anew on every call.
 */
export const noticePageWithCount = preparedQuery(
  (db, p: Placeholders<NoticePageArgs>, shape: NoticePageShape & { pageSize: number; atStart: boolean }) => {
    const paged = {
      ...p,
      limit: sql.lit(shape.pageSize),
      offset: shape.atStart ? sql.lit(0) : p.offset,
    };
    return db.selectNoFrom([
      noticesFor(db, shape.audience, p.target)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .as('count'),
      jsonArrayFrom(noticePageQuery(db, paged, shape)).as('rows'),
    ]);
  },
);

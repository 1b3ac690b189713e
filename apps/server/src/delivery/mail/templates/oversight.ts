import { excerpt, type MailComplaint, placeOf } from './complaints';
import { layout, PRODUCT, pushOf } from './layout';

/** The timed jobs' mails (services/oversight): the 08:00 digest of new complaints, the 09:00 escalations. */

/** CONTRACT 5.1: the 08:00 digest of the new complaints in scope of the last 24 hours. */
export function digestMail(
  to: string,
  name: string,
  day: string,
  complaints: (MailComplaint & { link: string })[],
  more: number,
  listLink: string,
) {
  const subject = `${PRODUCT}: ${complaints.length + more} new complaint${complaints.length + more === 1 ? '' : 's'} (${day})`;
  const body = layout(subject, [
    `Hello ${name},`,
    `New complaints in your scope in the last 24 hours:`,
    ...complaints.map(
      (c) => `${c.token}: ${placeOf(c)}, ${c.sub_type}\n${excerpt(c.description, 160)}\n${c.link}`,
    ),
    ...(more > 0 ? [`…and ${more} more: see your dashboard.`] : []),
  ]);
  const n = complaints.length + more;
  const push = pushOf(
    `${n} new complaint${n === 1 ? '' : 's'} (${day})`,
    'New complaints in your scope in the last 24 hours.',
    listLink,
  );
  return { to, subject, ...body, push };
}

/** An overdue complaint as the 09:00 escalation lists it: where, what, and since when it was due. */
export type OverdueLine = MailComplaint & { link: string; dueAt: string };

const overdueLine = (c: OverdueLine) => `${c.token}: ${placeOf(c)}, ${c.sub_type}, due ${c.dueAt}\n${c.link}`;

/** CONTRACT 5.5: to a warden, the overdue complaints of their hostel. */
export function wardenEscalationMail(
  to: string,
  name: string,
  day: string,
  hostelNo: number,
  complaints: OverdueLine[],
  more: number,
  listLink: string,
) {
  const total = complaints.length + more;
  const subject = `${PRODUCT}: ${total} overdue complaint${total === 1 ? '' : 's'} in hostel ${hostelNo} (${day})`;
  const body = layout(subject, [
    `Hello ${name},`,
    `These complaints of hostel ${hostelNo} are past their due time and still open:`,
    ...complaints.map(overdueLine),
    ...(more > 0 ? [`…and ${more} more: see your dashboard's Overdue filter.`] : []),
  ]);
  const push = pushOf(
    `${total} overdue complaint${total === 1 ? '' : 's'} in hostel ${hostelNo}`,
    `These complaints of hostel ${hostelNo} are past their due time and still open.`,
    listLink,
  );
  return { to, subject, ...body, push };
}

/** CONTRACT 5.5: to an admin, overdue counts per hostel and for College, and the oldest overdue. */
export function adminEscalationMail(
  to: string,
  name: string,
  day: string,
  counts: { place: string; overdue: number }[],
  oldest: OverdueLine[],
  listLink: string,
) {
  const total = counts.reduce((n, c) => n + c.overdue, 0);
  const subject = `${PRODUCT}: ${total} overdue complaint${total === 1 ? '' : 's'} (${day})`;
  const body = layout(subject, [
    `Hello ${name},`,
    total === 0
      ? 'No complaint is overdue today.'
      : [
          'Overdue complaints, still Pending or In Progress:',
          ...counts.map((c) => `${c.place}: ${c.overdue}`),
        ].join('\n'),
    ...(oldest.length > 0 ? [`The ${oldest.length} oldest:`, ...oldest.map(overdueLine)] : []),
  ]);
  const push = pushOf(
    `${total} overdue complaint${total === 1 ? '' : 's'} (${day})`,
    total === 0
      ? 'No complaint is overdue today.'
      : 'Complaints still Pending or In Progress past their due time.',
    listLink,
  );
  return { to, subject, ...body, push };
}

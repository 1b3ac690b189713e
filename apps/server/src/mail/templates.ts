import type { TPushPayload } from '@bit/contract';

const PRODUCT = 'BIT Mesra Complaint System';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[]): { text: string; html: string } {
  const text = `${paragraphs.join('\n\n')}\n\n— ${PRODUCT}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<h2 style="color:#1e3a8a">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">${PRODUCT}</p></body></html>`;
  return { text, html };
}

/**
 * A push for a mail's event (CONTRACT 6.3): its title and a line of what the mail says, never more,
 * and the address it opens. Push services carry at most 4 KB, so a long text is cut short.
 */
const pushOf = (title: string, body: string, url: string): TPushPayload => ({
  title,
  body: body.length > 240 ? `${body.slice(0, 240)}…` : body,
  url,
});

/**
 * A one-time code. A verification mail greets no one by name: the name is whatever the sign-up
 * typed, and a stranger could put a phishing line in it and have the college's sender mail it to any
 * address (CONTRACT 5.9). `signedUpAgain`: another sign-up with this address is already waiting,
 * so the reader is told this one may not be theirs.
 */
export function codeMail(
  to: string,
  name: string | null,
  code: string,
  purpose: 'verify' | 'reset',
  opts: { signedUpAgain?: boolean } = {},
) {
  const subject =
    purpose === 'verify'
      ? `${PRODUCT}: your verification code ${code}`
      : `${PRODUCT}: your password reset code ${code}`;
  const body = layout(subject, [
    name ? `Hello ${name},` : 'Hello,',
    ...(opts.signedUpAgain
      ? [
          'This address was used to sign up again. If that was not you, ignore this mail: your own sign-up ' +
            'still works with the code mailed for it, and this one expires on its own.',
        ]
      : []),
    purpose === 'verify'
      ? `Your verification code is ${code}. Enter it to verify your email address.`
      : `Your password reset code is ${code}. Enter it with your new password.`,
    'The code is valid for 10 minutes. If you did not ask for it, you can ignore this mail.',
  ]);
  return { to, subject, ...body };
}

/**
 * CONTRACT 6.7: ten wrong two-step codes locked the second step of an account; only someone with its
 * password gets that far, so the owner is told to change it. Sent once a lock.
 */
export function twoFactorLockMail(to: string, name: string, resetLink: string) {
  const subject = `${PRODUCT}: someone entered your password and failed the second step`;
  const body = layout(subject, [
    `Hello ${name},`,
    'Someone entered the password of your account and then failed the second step of two-step sign-in ' +
      '10 times. Two-step sign-in stopped them, and it now refuses codes for your account for 15 minutes.',
    'Whoever it was knows your password: please change it now. Resetting your password also lets you ' +
      `sign in again at once: ${resetLink}`,
  ]);
  return { to, subject, ...body };
}

/** A status change, to the student; a Resolved one also links to rating the resolution (`rateLink`). */
export function statusMail(
  to: string,
  name: string,
  token: string,
  status: string,
  remarks: string | null,
  link: string,
  rateLink?: string,
) {
  const subject = `${PRODUCT}: complaint ${token} is now ${status}`;
  const body = layout(subject, [
    `Hello ${name},`,
    `Your complaint ${token} is now ${status}.`,
    `Remarks: ${remarks?.trim() ? remarks : 'none'}`,
    `Follow it here: ${link}`,
    ...(rateLink ? [`Rate this resolution: ${rateLink}`] : []),
  ]);
  const push = pushOf(
    `Complaint ${token} is now ${status}`,
    remarks?.trim() ? `Remarks: ${remarks}` : `Your complaint ${token} is now ${status}.`,
    link,
  );
  return { to, subject, ...body, push };
}

type MailComplaint = {
  token: string;
  type: string;
  hostel_no: number | null;
  room_no: string | null;
  sub_type: string;
  description: string;
};

/** "Hostel 4, room 12" or "College, IT Support": where the problem is. */
const placeOf = (c: MailComplaint) =>
  c.type === 'Hostel' ? `Hostel ${c.hostel_no}, room ${c.room_no}` : `College, ${c.sub_type}`;

const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** CONTRACT 5.1: a new complaint in an authority's scope, one mail per complaint. */
export function newComplaintMail(to: string, name: string, c: MailComplaint, link: string) {
  const subject = `${PRODUCT}: new complaint ${c.token}`;
  const body = layout(subject, [
    `Hello ${name},`,
    `A new ${c.type.toLowerCase()} complaint was filed: ${c.token}.`,
    `Where: ${placeOf(c)}\nCategory: ${c.sub_type}`,
    `Description: ${excerpt(c.description)}`,
    `Open it here: ${link}`,
  ]);
  const push = pushOf(`New complaint ${c.token}`, `${placeOf(c)}, ${c.sub_type}: ${c.description}`, link);
  return { to, subject, ...body, push };
}

/**
 * CONTRACT 7.5: a complaint filed for the student at the desk, to the student: the token and the
 * filing whole (their receipt: they were at the counter, not at their phone), and who filed it.
 */
export function deskFilingMail(to: string, name: string, c: MailComplaint, link: string, filedBy: string) {
  const subject = `${PRODUCT}: your complaint ${c.token} was filed at the desk`;
  const body = layout(subject, [
    `Hello ${name},`,
    `${filedBy} filed a ${c.type.toLowerCase()} complaint for you at the desk. Your token is ${c.token}: keep it to follow the complaint.`,
    `Where: ${placeOf(c)}\nCategory: ${c.sub_type}`,
    `Description: ${c.description}`,
    `Follow it here: ${link}`,
    'It is your own complaint: it is in your list when you sign in, and you can write on it there.',
  ]);
  const push = pushOf(
    `Complaint ${c.token} filed at the desk`,
    `${placeOf(c)}, ${c.sub_type}: ${c.description}`,
    link,
  );
  return { to, subject, ...body, push };
}

/**
 * CONTRACT 7.5: a complaint assigned to the reader, who may not see it otherwise (it may lie outside
 * their scope): where, what, who assigned it and the link to open it.
 */
export function assignedMail(to: string, name: string, c: MailComplaint, link: string, assignedBy: string) {
  const subject = `${PRODUCT}: complaint ${c.token} assigned to you`;
  const body = layout(subject, [
    `Hello ${name},`,
    `${assignedBy} assigned complaint ${c.token} to you.`,
    `Where: ${placeOf(c)}\nCategory: ${c.sub_type}`,
    `Description: ${excerpt(c.description)}`,
    `Open it here: ${link}`,
  ]);
  const push = pushOf(
    `Complaint ${c.token} assigned to you`,
    `${assignedBy}: ${placeOf(c)}, ${c.sub_type}`,
    link,
  );
  return { to, subject, ...body, push };
}

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

/** CONTRACT 5.2: a message on a complaint, to the other side. */
export function conversationMail(
  to: string,
  name: string,
  token: string,
  from: { name: string; role: string; designation: string | null },
  text: string,
  link: string,
) {
  const who =
    from.role === 'student' ? `${from.name} (student)` : `${from.name} (${from.designation ?? 'authority'})`;
  const subject = `${PRODUCT}: new message on complaint ${token}`;
  const body = layout(subject, [
    `Hello ${name},`,
    `${who} wrote on complaint ${token}:`,
    excerpt(text, 2000),
    `Reply here: ${link}`,
  ]);
  const push = pushOf(`New message on complaint ${token}`, `${who}: ${text}`, link);
  return { to, subject, ...body, push };
}

/** CONTRACT 5.4: the student reopened a complaint. */
export function reopenedMail(
  to: string,
  name: string,
  token: string,
  student: string,
  reason: string,
  link: string,
) {
  const subject = `${PRODUCT}: complaint ${token} was reopened`;
  const body = layout(subject, [
    `Hello ${name},`,
    `${student} reopened complaint ${token}; it is Pending again.`,
    `Reason: ${reason}`,
    `Open it here: ${link}`,
  ]);
  const push = pushOf(`Complaint ${token} was reopened`, `${student}: ${reason}`, link);
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

/**
 * CONTRACT 7.2 and 7.3: a grievance's event. A mail or push about a grievance gives its number, its
 * status and the link, never its subject, description, decision or the name of anyone but the one it
 * is sent to (a phone's lock screen is no place for them): `what` says what happened in those terms
 * only, `detail` adds what the recipient must know that names no one (a hearing's time and place).
 */
export function grievanceMail(
  to: string,
  name: string,
  number: string,
  status: string,
  what: string,
  link: string,
  detail: string[] = [],
) {
  const subject = `${PRODUCT}: grievance ${number} is ${status}`;
  const body = layout(subject, [
    `Hello ${name},`,
    `${what} Grievance ${number} is now ${status}.`,
    ...detail,
    `Open it here (sign-in needed): ${link}`,
  ]);
  const push = pushOf(`Grievance ${number}: ${status}`, what, link);
  return { to, subject, ...body, push };
}

/** CONTRACT 7.2: the 09:00 reminder of a committee's grievances past their time limit, by number only. */
export function grievanceEscalationMail(
  to: string,
  name: string,
  day: string,
  committee: string,
  numbers: string[],
  more: number,
  listLink: string,
) {
  const total = numbers.length + more;
  const subject = `${PRODUCT}: ${total} grievance${total === 1 ? '' : 's'} past the time limit (${day})`;
  const body = layout(subject, [
    `Hello ${name},`,
    `These grievances before the ${committee} are past their time limit and not yet decided:`,
    numbers.join('\n'),
    ...(more > 0 ? [`…and ${more} more: see the grievance list's Overdue filter.`] : []),
    `Open the list here (sign-in needed): ${listLink}`,
  ]);
  const push = pushOf(
    `${total} grievance${total === 1 ? '' : 's'} past the time limit`,
    `Grievances before the ${committee} are past their time limit.`,
    listLink,
  );
  return { to, subject, ...body, push };
}

/**
 * CONTRACT 7.3: a report of ragging no committee member has acted on for 24 hours (and every 24 hours
 * after), told to the admin by its number alone: the admin may not open it (404), only see that the
 * committee has not acted, and ask it to.
 */
export function raggingWaitingMail(to: string, name: string, number: string, hours: number, link: string) {
  const subject = `${PRODUCT}: report of ragging ${number} waits for the Anti-Ragging Committee`;
  const body = layout(subject, [
    `Hello ${name},`,
    `No member of the Anti-Ragging Committee has acted on report of ragging ${number} in the ${hours} hours since it was made.`,
    'Its content is seen by the committee only. Ask the committee to act on it, or appoint members who will.',
    `The committees (sign-in needed): ${link}`,
  ]);
  const push = pushOf(
    `Ragging report ${number} waits`,
    `No member of the Anti-Ragging Committee has acted on it in ${hours} hours.`,
    link,
  );
  return { to, subject, ...body, push };
}

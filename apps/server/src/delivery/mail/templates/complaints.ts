import { layout, PRODUCT, pushOf } from './layout';

/** A complaint's mails, each with its push: its status, its filing, its assignment, its messages, its reopening. */

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

export type MailComplaint = {
  token: string;
  type: string;
  hostel_no: number | null;
  room_no: string | null;
  sub_type: string;
  description: string;
};

/** "Hostel 4, room 12" or "College, IT Support": where the problem is. */
export const placeOf = (c: MailComplaint) =>
  c.type === 'Hostel' ? `Hostel ${c.hostel_no}, room ${c.room_no}` : `College, ${c.sub_type}`;

export const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

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

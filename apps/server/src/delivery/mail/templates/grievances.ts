import { layout, PRODUCT, pushOf } from './layout';

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

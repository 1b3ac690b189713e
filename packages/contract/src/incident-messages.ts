// Incidents' limits and messages without zod: the dashboards and lists import them, and a module that
// also held the schemas would bring zod into screens that show no form (scripts/size-check.mjs).
import type { TComplaintType } from './enums';

/** CONTRACT 6.1: one problem, many complaints. */
export const INCIDENT_TITLE_MAX = 120;
/** At most this many complaints are linked in one request (a hostel's outage is well under it). */
export const INCIDENT_LINK_MAX = 500;
/** The filing form shows at most this many open incidents (CONTRACT 6.1). */
export const OPEN_INCIDENTS_MAX = 5;
/** The authority's dashboard offers a group from this many open, unlinked complaints (CONTRACT 6.1). */
export const INCIDENT_GROUP_MIN = 3;
/** ... filed within this many hours. */
export const INCIDENT_GROUP_HOURS = 24;

/** Where an incident is: "Hostel 5" or "the College". */
export const incidentPlace = (i: { type: TComplaintType; hostelNo: number | null }) =>
  i.type === 'Hostel' && i.hostelNo !== null ? `Hostel ${i.hostelNo}` : 'the College';

const JOIN_BUTTON = 'This is my problem too';

export const MSG_INCIDENT = {
  created: 'Incident declared',
  updated: 'Incident updated',
  linked: 'Complaints linked',
  unlinked: 'Complaint unlinked',
  joined: 'Your complaint was filed and joined to the incident',
  notFound: 'Incident not found',
  titleRequired: 'Please give the incident a title',
  titleLong: `Title must be at most ${INCIDENT_TITLE_MAX} characters`,
  complaintIdsInvalid: 'complaintIds must be a list of complaint ids',
  complaintIdsTooMany: `At most ${INCIDENT_LINK_MAX} complaints can be linked at once`,
  complaintIdsMismatch:
    'Every complaint must be one you may update, of the same type, hostel and category as the incident',
  alreadyLinked: 'A complaint is already part of an incident',
  notLinked: 'This complaint is not part of this incident',
  alreadyJoined: 'You have already reported this problem',
  closed: 'This incident is closed',
  /** the filing form's line for an open incident (issue 34) */
  knownProblem: (title: string, status: string, affected: number) =>
    `Known problem: ${title}. ${status}, ${affected} affected.`,
  joinButton: JOIN_BUTTON,
  /**
   * the student dashboard's known problems (issue 51), drawn by the app and, in a dashboard opened
   * with the session cookie, by the server into the page's shell (apps/server: plugins/app/dashboard-views.ts)
   */
  knownProblems: 'Known problems',
  knownProblemsIntro: `Already reported and being handled. Yours too? Choose “${JOIN_BUTTON}” to file a linked complaint and hear of every update.`,
  /** an open incident's line after its title: "Water supply in Hostel 3 · 37 affected" */
  openLine: (subType: string, place: string, affected: number) =>
    `${subType} in ${place} · ${affected} affected`,
  /** the authority dashboard's line for a group (issue 34) */
  looksLikeOne: (count: number, subType: string, place: string) =>
    `Looks like one problem: ${count} complaints about ${subType} in ${place}`,
  declare: 'Declare an incident',
  /** issue 51: "Update all" asks first, and says how many it changed */
  updateConfirm: (count: number, status: string) =>
    `Mark ${count} ${count === 1 ? 'complaint' : 'complaints'} ${status}?`,
  updatedCount: (count: number) => `${count} ${count === 1 ? 'complaint' : 'complaints'} updated`,
  updateHelp:
    'Every linked complaint that is still open gets this status, and its student a mail and a push alert (as each student chose).',
  /** issue 51: joining says that it files a complaint, and a student who joined sees their complaint */
  joinExplain:
    'This files a complaint of your own, linked to this incident: you hear of every update, as its other students do.',
  joinSubmit: 'File my linked complaint',
  reportedOn: (date: string, token: string) => `You reported this on ${date} (${token})`,
  /** the copied status entry of a complaint filed by joining: the incident's, not an act on this complaint */
  fromIncident: (id: number, status: string, remarks: string | null) =>
    `Incident #${id}: ${status}${remarks ? `. ${remarks}` : ''}`,
  /** issue 51: declaring from the Incidents page and from a selection; linking on the incident's page */
  declareSelected: 'Declare incident',
  selected: (count: number) => `${count} selected`,
  mixedSelection: 'Select complaints of one type, hostel and category to declare one incident',
  toLink: 'Complaints to link',
  noneToLink: 'Select at least one complaint to link',
  link: 'Link complaints',
  linkedCount: (count: number) => `${count} ${count === 1 ? 'complaint' : 'complaints'} linked`,
  unlink: 'Unlink',
} as const;

// Catalogue of constants, one per export (committees, limits, statuses, messages, paths), for both sides.
// The grievances' constants, messages and paths (CONTRACT 7.2), without zod: the first screens that
// show a grievance's status or the committees' warning import these, not the schemas (scripts/size-check.mjs).

/**
 * CONTRACT 7.2: the committees that hear grievances (UGC (Redressal of Grievances of Students)
 * Regulations, 2023; the UGC anti-ragging regulations; the Sexual Harassment of Women at Workplace
 * Act, 2013). The grievances themselves come in a later build, on these.
 */
export const COMMITTEES = ['sgrc', 'ombudsperson', 'anti-ragging', 'icc'] as const;
export type TCommitteeKey = (typeof COMMITTEES)[number];

export const COMMITTEE_NAMES: Record<TCommitteeKey, string> = {
  sgrc: "Students' Grievance Redressal Committee",
  ombudsperson: 'Ombudsperson',
  'anti-ragging': 'Anti-Ragging Committee',
  icc: 'Internal Complaints Committee',
};

/** A committee's members at most; the Ombudsperson is one person. */
export const COMMITTEE_MEMBERS_MAX = 20;
export const OMBUDSPERSON_MEMBERS_MAX = 1;

/** CONTRACT 7.2's time limits, in working days (7.1) or in days. */
export const GRIEVANCE_LIMITS = {
  /** the committee decides within this many working days of the submission */
  decisionWorkingDays: 15,
  /** the student may appeal to the Ombudsperson within this many days of the decision */
  appealDays: 15,
  /** the Ombudsperson decides an appeal within this many days */
  appealDecisionDays: 30,
} as const;

export const MSG_COMMITTEES = {
  committeeInvalid: `committee must be one of ${COMMITTEES.join(', ')}`,
  membersInvalid: 'members must be a list of { userId, chair }',
  tooMany: `A committee has at most ${COMMITTEE_MEMBERS_MAX} members`,
  userIdInvalid: 'userId must be a user id',
  chairInvalid: 'chair must be true or false',
  userTwice: 'This authority is already a member',
  oneChair: 'Exactly one member must be the chair',
  ombudspersonOne: 'The Ombudsperson is one person: appoint at most one member',
  notApprovedAuthority: 'Members must be approved authorities',
  saved: (name: string) => `${name} saved`,
  fetchFailed: 'Failed to fetch the committees',
  saveFailed: 'Failed to save the committee',
  noMembersTitle: 'Committees without members',
  noMembers: (names: string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no members: students' grievances there would reach no one.`,
} as const;

/**
 * The public page /grievance-redressal (CONTRACT 7.2), as the UGC 2023 regulations ask an institution
 * to publish: who hears what, the time limits, how to submit.
 */
export const GRIEVANCE_PAGE = {
  title: 'Grievance Redressal',
  intro:
    "Under the University Grants Commission (Redressal of Grievances of Students) Regulations, 2023, every student of the Institute may seek redress of a grievance: about admission, fees and refunds, examinations and results, scholarships, discrimination, a complaint that was not resolved, or any other matter. The Students' Grievance Redressal Committee hears it, and its decision may be appealed to the Ombudsperson. Ragging and sexual harassment are heard by their own committees, in confidence.",
  committeesHeading: 'Committees and their members',
  committeeRoles: {
    sgrc: 'Hears grievances about admission, fees and refunds, examinations and results, scholarships, discrimination, complaints not resolved and other matters.',
    ombudsperson:
      "Hears appeals against the decisions of the Students' Grievance Redressal Committee, and decides them.",
    'anti-ragging': 'Hears reports of ragging, in confidence. A report of ragging may be made anonymously.',
    icc: 'Hears complaints of sexual harassment, in confidence, under the Sexual Harassment of Women at Workplace Act, 2013.',
  } satisfies Record<TCommitteeKey, string>,
  chair: 'Chairperson',
  member: 'Member',
  noMembers: 'Members are being appointed.',
  noOmbudsperson: 'The Ombudsperson is being appointed.',
  limitsHeading: 'Time limits',
  limits: [
    `The Students' Grievance Redressal Committee decides a grievance within ${GRIEVANCE_LIMITS.decisionWorkingDays} working days of its submission.`,
    `A student not satisfied with the decision may appeal to the Ombudsperson within ${GRIEVANCE_LIMITS.appealDays} days of the decision.`,
    `The Ombudsperson decides an appeal within ${GRIEVANCE_LIMITS.appealDecisionDays} days of receiving it.`,
    'Ragging is heard by the Anti-Ragging Committee and sexual harassment by the Internal Complaints Committee, in confidence: only the committee’s members and the student who reported it see the case.',
  ],
  workingDaysNote: 'Working days are the days of the Institute’s working week that are not its holidays.',
  submitHeading: 'How to submit a grievance',
  submitSteps: [
    'Sign in with your student account.',
    'From your dashboard, submit a grievance: choose its category, give a subject and describe it. For a complaint that was not resolved, take it up from the complaint’s status page.',
    'You receive a grievance number and see, on your dashboard, what happens next and by when. You are told of the hearing, the decision and the time to appeal.',
  ],
  submit: 'Submit a grievance',
  signIn: 'Student Login',
} as const;

// ---------------------------------------------------------------------------------------------
// CONTRACT 7.2: the grievances themselves.

/** The categories and the committee each goes to (CONTRACT 7.2). */
export const GRIEVANCE_CATEGORIES = [
  'Admission',
  'Fees and refunds',
  'Examination and results',
  'Scholarship',
  'Discrimination',
  'Complaint not resolved',
  'Other',
  'Ragging',
  'Sexual harassment',
] as const;
export type TGrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const COMPLAINT_NOT_RESOLVED = 'Complaint not resolved' satisfies TGrievanceCategory;

/** Which committee hears a category: Ragging the Anti-Ragging Committee, Sexual harassment the ICC, the rest the SGRC. */
export const committeeOfCategory = (category: TGrievanceCategory): TCommitteeKey =>
  category === 'Ragging' ? 'anti-ragging' : category === 'Sexual harassment' ? 'icc' : 'sgrc';

/** The confidential categories (CONTRACT 7.3): only the committee and the student see them. */
export const CONFIDENTIAL_CATEGORIES: readonly TGrievanceCategory[] = ['Ragging', 'Sexual harassment'];

export const GRIEVANCE_STATUSES = [
  'Submitted',
  'Hearing scheduled',
  'Decided',
  'Withdrawn',
  'Appealed',
  'Appeal decided',
] as const;
export type TGrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** A grievance waiting on its committee (dueAt) or, Appealed, on the Ombudsperson (appeal.dueAt). */
export const OPEN_GRIEVANCE_STATUSES: readonly TGrievanceStatus[] = [
  'Submitted',
  'Hearing scheduled',
  'Appealed',
];

export const GRIEVANCE_OUTCOMES = ['Upheld', 'Partly upheld', 'Not upheld'] as const;
export type TGrievanceOutcome = (typeof GRIEVANCE_OUTCOMES)[number];

/** CONTRACT 7.2's limits on a grievance's texts and how many a student submits. */
export const GRIEVANCE_TEXT = {
  subjectMin: 5,
  subjectMax: 120,
  descriptionMin: 20,
  descriptionMax: 5000,
  placeMax: 120,
  representativeMax: 100,
  decisionMin: 20,
  decisionMax: 5000,
  reasonMin: 20,
  reasonMax: 2000,
  messageMax: 2000,
  /** grievances a student may submit in any 24 hours */
  perDay: 5,
} as const;

/** The grievance's page in the web app (links in mails). */
export const GRIEVANCES_PATH = '/grievances';
export const grievancePath = (id: number) => `${GRIEVANCES_PATH}/${id}`;
/** The student's form, with a complaint to take up: `/grievances/new?complaint=<token>`. */
export const NEW_GRIEVANCE_PATH = '/grievances/new';
export const newGrievancePath = (complaintToken?: string) =>
  complaintToken
    ? `${NEW_GRIEVANCE_PATH}?complaint=${encodeURIComponent(complaintToken)}`
    : NEW_GRIEVANCE_PATH;

export const MSG_GRIEVANCE = {
  notFound: 'Grievance not found',
  categoryInvalid: `category must be one of ${GRIEVANCE_CATEGORIES.join(', ')}`,
  subjectLength: `Subject must be ${GRIEVANCE_TEXT.subjectMin} to ${GRIEVANCE_TEXT.subjectMax} characters`,
  descriptionLength: `Description must be ${GRIEVANCE_TEXT.descriptionMin} to ${GRIEVANCE_TEXT.descriptionMax} characters`,
  complaintTokenRequired: 'complaintToken is required for a complaint not resolved',
  complaintTokenRefused: 'complaintToken is only for the category Complaint not resolved',
  complaintTokenInvalid: 'complaintToken must be a complaint token',
  complaintNotEligible:
    'complaintToken must be one of your complaints Resolved or Rejected within the last 15 days, or overdue',
  complaintTaken: 'This complaint has already been taken to the grievance committee',
  anonymousInvalid: 'anonymous must be true or false',
  anonymousRaggingOnly: 'Only a report of ragging may be anonymous',
  quota: `You can submit at most ${GRIEVANCE_TEXT.perDay} grievances a day. Please try again later.`,
  submitted: 'Grievance submitted',
  outOfOrder: (status: TGrievanceStatus) => `This step is not possible while the grievance is ${status}`,
  notYours: 'Only the student who submitted it may do this',
  committeeOnly: "Only the committee's members may do this",
  ombudspersonOnly: 'Only the Ombudsperson decides an appeal',
  atInvalid: 'at must be a date and time',
  atPast: 'The hearing must be in the future',
  placeLength: `Place must be 1 to ${GRIEVANCE_TEXT.placeMax} characters`,
  representativeLength: `The representative's name must be at most ${GRIEVANCE_TEXT.representativeMax} characters`,
  representativeAfterHearing: 'A representative may be named only before the hearing',
  outcomeInvalid: `outcome must be one of ${GRIEVANCE_OUTCOMES.join(', ')}`,
  decisionLength: `The decision must be ${GRIEVANCE_TEXT.decisionMin} to ${GRIEVANCE_TEXT.decisionMax} characters`,
  reasonLength: `The reason must be ${GRIEVANCE_TEXT.reasonMin} to ${GRIEVANCE_TEXT.reasonMax} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `A message must be at most ${GRIEVANCE_TEXT.messageMax} characters`,
  closedForMessages: 'This grievance is closed for messages',
  tooManyMessages: 'Too many messages. Please try again later.',
  appealSgrcOnly: "Only a decision of the Students' Grievance Redressal Committee may be appealed",
  appealTimePassed: 'The time to appeal has passed',
  hearingScheduled: 'Hearing scheduled',
  representativeSaved: 'Representative saved',
  decided: 'Decision recorded',
  withdrawn: 'Grievance withdrawn',
  appealed: 'Appeal submitted',
  appealDecided: 'Appeal decided',
  messageSent: 'Message sent',
  listForbidden: "Only a grievance committee's members and students see grievances",
  anonymous: 'Anonymous',
} as const;

/** What happens next and by when, as the student's page says it (the web fills in the date). */
export const GRIEVANCE_NEXT: Record<TGrievanceStatus, string> = {
  Submitted: 'The committee hears your grievance and decides it by',
  'Hearing scheduled': 'The committee hears you and decides by',
  Decided: 'You may appeal to the Ombudsperson until',
  Withdrawn: 'You withdrew this grievance. Nothing more happens.',
  Appealed: 'The Ombudsperson decides your appeal by',
  'Appeal decided': "The Ombudsperson's decision is final.",
};

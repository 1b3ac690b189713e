// CONTRACT 7.5's assignment messages, without zod: the manage list's assign control imports these, not
// the schemas (scripts/size-check.mjs: a first screen loads no zod).

/** CONTRACT 7.5: assigning a complaint to the approved authority who does the work. */

export const MSG_ASSIGN = {
  /** the history line of an assignment, verbatim from CONTRACT 7.5 */
  assignedTo: (name: string) => `Assigned to ${name}`,
  /** the history line of a clearing */
  cleared: 'Assignment cleared',
  /** a 400 naming userId: the assignee must be an approved authority (not a student, an admin, a pending one) */
  notAssignable: 'userId must be an approved authority',
  userIdInvalid: 'userId must be a user id or null',
  assigned: 'Complaint assigned',
  clearedDone: 'Assignment cleared',
  failed: 'Failed to assign the complaint',
  /** the assignee's mail and push */
  mailSubject: (token: string) => `Complaint ${token} assigned to you`,
  mailLine: (by: string) => `${by} assigned this complaint to you.`,
} as const;

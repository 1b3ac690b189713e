// Over 300 lines and 12 exports: Kysely's table types, one interface per table, the one map of the database.
import type { Generated } from 'kysely';

/**
 * Row types shared by both dialects. Times are epoch milliseconds in a bigint column and flags
 * are 0/1 integers: the one representation SQLite and PostgreSQL read back the same way.
 */
export interface UsersTable {
  id: Generated<number>;
  role: 'student' | 'authority' | 'admin';
  name: string;
  email: string;
  password_hash: string;
  mobile: string | null;
  department: string | null;
  designation: string | null;
  hostel_no: number | null;
  /** CONTRACT 5.8: a student's room on their profile (migration 010) */
  room_no: string | null;
  roll_no: string | null;
  session: string | null;
  verified: number;
  approved: number;
  created_at: number;
  updated_at: number;
  /** CONTRACT 5.1: each, digest or off; null is the designation's default */
  new_complaints_pref: 'each' | 'digest' | 'off' | null;
  /** CONTRACT 6.5: 1 when two-step sign-in is on (its secret is in two_factor) */
  two_factor_on: Generated<number>;
  /** CONTRACT 6.3: 1 while the user's events are mailed (migration 016) */
  notify_email: Generated<number>;
  /** CONTRACT 6.3: 1 while the user's events are pushed to their subscribed browsers */
  notify_push: Generated<number>;
}

/** CONTRACT 6.3: a browser's push subscription (migration 016). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** the session that made it (CONTRACT 6.7): its end deletes the subscription */
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** CONTRACT 6.3: a push waiting for its subscription's push service; deleted once delivered. */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  title: string;
  body: string;
  url: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
}

/** CONTRACT 6.5: keys the server signs with, shared by every instance (migration 011). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: number;
}

export interface TwoFactorTable {
  user_id: number;
  secret: string;
  enabled_at: number | null;
  last_step: Generated<number>;
  created_at: number;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

export interface LoginTicketsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  remember: number;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_id: number | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  email: string;
  purpose: 'verify' | 'reset';
  role: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** the pending sign-up a verification code was mailed for; null for reset codes */
  signup_id: number | null;
}

/** A sign-up waiting for its code (CONTRACT 5.9): users holds verified accounts only. */
export interface PendingSignupsTable {
  id: Generated<number>;
  role: 'student' | 'authority';
  name: string;
  email: string;
  password_hash: string;
  mobile: string | null;
  department: string | null;
  designation: string | null;
  hostel_no: number | null;
  roll_no: string | null;
  session: string | null;
  created_at: number;
  expires_at: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}

export interface ThrottleTable {
  key: string;
  count: number;
  window_start: number;
  blocked_until: number;
}

export interface ComplaintsTable {
  id: Generated<number>;
  token: string;
  type: 'Hostel' | 'College';
  hostel_no: number | null;
  room_no: string | null;
  sub_type: string;
  is_network: number;
  description: string;
  status: 'Pending' | 'In Progress' | 'Resolved' | 'Rejected';
  remarks: string | null;
  assigned_to_id: number | null;
  assigned_name: string | null;
  assigned_designation: string | null;
  student_id: number;
  student_name: string;
  student_roll: string | null;
  created_at: number;
  updated_at: number;
  reopen_count: Generated<number>;
  /** the last change to Resolved or Rejected (CONTRACT 5.2, 5.4) */
  closed_at: number | null;
  /** SLA hours after filing or the last reopening (CONTRACT 5.5) */
  due_at: number;
  /** the first status change or message by an authority */
  first_response_at: number | null;
  /** YYYYMM of the filing in TIME_ZONE, the report's month (decision 0017) */
  filed_month: number;
  /** YYYYMMDD of the filing in TIME_ZONE, the report's day (migration 009) */
  filed_day: number;
  /** hourBucket(resolved - filed) while Resolved, else null */
  res_bucket: number | null;
  /** the last change to Resolved while Resolved, else null (migration 014: the report's exact percentiles) */
  resolved_at: number | null;
  /** hourBucket(first response - filed) once there is one */
  fr_bucket: number | null;
  /** the incident it is linked to, and that incident's title (migration 017, CONTRACT 6.1) */
  incident_id: number | null;
  incident_title: string | null;
  /** the approved authority it is assigned to, with their name and designation (migration 026, CONTRACT 7.5) */
  assignee_id: number | null;
  assignee_name: string | null;
  assignee_designation: string | null;
}

/** CONTRACT 6.1: one problem of many complaints, with a complaint's scope columns (migration 017). */
export interface IncidentsTable {
  id: Generated<number>;
  title: string;
  type: 'Hostel' | 'College';
  hostel_no: number | null;
  sub_type: string;
  is_network: number;
  status: 'Pending' | 'In Progress' | 'Resolved' | 'Rejected';
  remarks: string | null;
  affected: Generated<number>;
  created_by_id: number;
  created_by_name: string;
  created_by_designation: string | null;
  updated_by_id: number | null;
  updated_by_name: string | null;
  updated_by_designation: string | null;
  created_at: number;
  updated_at: number;
}

/** A student's join of an incident: its key decides a second join (migration 017). */
export interface IncidentJoinsTable {
  incident_id: number;
  student_id: number;
  complaint_id: number | null;
  at: number;
}

/**
 * Report counts per filing month and per filing day (migration 009, decision 0018), kept by
 * triggers on complaints. kind: 'm' (period YYYYMM) or 'd' (YYYYMMDD), then 's' complaints per
 * status (value: 0 Pending, 1 In Progress, 2 Resolved, 3 Rejected) and 'r' per resolution bucket,
 * over all hostels (hostel_no 0); 'S' and 'R' the same per hostel; 'f' per first-response bucket
 * and type (sub_type ''), 'F' the same per hostel.
 */
export interface ReportRollupTable {
  kind: `${'m' | 'd'}${'s' | 'S' | 'r' | 'R' | 'f' | 'F'}`;
  period: number;
  type: 'Hostel' | 'College';
  sub_type: string;
  value: number;
  hostel_no: number;
  /** 0 on SQLite; on PostgreSQL the writer's connection modulo 16 (the report sums them) */
  shard: number;
  n: number | string;
}

export interface ComplaintHistoryTable {
  id: Generated<number>;
  complaint_id: number;
  status: string;
  remarks: string | null;
  by_id: number | null;
  by_name: string;
  by_designation: string | null;
  at: number;
}

export interface CountersTable {
  key: string;
  value: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  complaint_id: number;
  student_id: number;
  rating: number;
  comments: string | null;
  created_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  message: string;
  hostel: string;
  pdf_name: string | null;
  pdf_size: number | null;
  posted_by_id: number;
  posted_by_name: string;
  posted_by_role: string;
  /** the authority's designation when they posted (migration 013); null for an admin */
  posted_by_designation: string | null;
  created_at: number;
}

export interface NotificationFilesTable {
  notification_id: number;
  data: Uint8Array;
}

/** Who wrote a message or added a photo, as they were then (names are copied, like history's). */
interface ActorColumns {
  by_id: number;
  by_name: string;
  by_role: 'student' | 'authority' | 'admin';
  by_designation: string | null;
  at: number;
}

export interface ComplaintMessagesTable extends ActorColumns {
  id: Generated<number>;
  complaint_id: number;
  body: string;
}

export interface ComplaintAttachmentsTable extends ActorColumns {
  id: Generated<number>;
  complaint_id: number;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
  bytes: number;
}

export interface AttachmentFilesTable {
  attachment_id: number;
  data: Uint8Array;
  thumb: Uint8Array;
}

/** A photo on its way to a complaint, holding its place before it is decoded (CONTRACT 6.7). */
export interface PhotoSlotsTable {
  id: Generated<number>;
  complaint_id: number;
  by_id: number;
  at: number;
}

/** CONTRACT 7.1: a year whose holidays were set (its row is the lock a replacement takes). */
export interface CalendarYearsTable {
  year: number;
  updated_at: number;
}

/** CONTRACT 7.1: a holiday, a day (YYYY-MM-DD) of TIME_ZONE. */
export interface HolidaysTable {
  date: string;
  year: number;
  name: string;
}

/** CONTRACT 7.2: a committee (sgrc, ombudsperson, anti-ragging, icc), one row each from the migration. */
export interface CommitteesTable {
  committee: string;
  updated_at: number;
}

/** CONTRACT 7.2: an approved authority on a committee; 1 in `chair` for its one chair. */
export interface CommitteeMembersTable {
  committee: string;
  user_id: number;
  chair: number;
}

/** One row per timed job and day in TIME_ZONE: its primary key is what makes a run happen once. */
export interface JobRunsTable {
  job: string;
  day: string;
  ran_at: number;
  detail: string | null;
}

/**
 * The search index (migration 015, decision 0025) as PostgreSQL holds it: `doc` a tsvector of the
 * complaint's normalised words. SQLite's is an FTS5 table (rowid, doc), written and read by raw SQL
 * in db/search-index.ts and services/complaints/search.ts only.
 */
export interface ComplaintSearchTable {
  complaint_id: number;
  doc: string;
}

/** CONTRACT 7.5: a saved reply, an authority's own or (owner_id null) the admins' shared one. */
export interface SavedRepliesTable {
  id: Generated<number>;
  owner_id: number | null;
  title: string;
  body: string;
  created_at: number;
  updated_at: number;
}

/** CONTRACT 7.5: how many replies a list holds (owner_id 0: the shared list), the limit's one conditional write. */
export interface ReplyListsTable {
  owner_id: number;
  replies: number;
}

/** CONTRACT 7.2: a grievance (migration 025). `open_due_at`: the deadline it waits on, null once it waits on none. */
export interface GrievancesTable {
  id: Generated<number>;
  number: string;
  category: string;
  committee: string;
  subject: string;
  description: string;
  status: string;
  anonymous: number;
  student_id: number;
  student_name: string;
  student_roll: string | null;
  complaint_id: number | null;
  due_at: number;
  open_due_at: number | null;
  hearing_at: number | null;
  hearing_place: string | null;
  representative: string | null;
  decision_outcome: string | null;
  decision_text: string | null;
  decision_at: number | null;
  decision_by_name: string | null;
  decision_by_designation: string | null;
  appeal_reason: string | null;
  appeal_at: number | null;
  appeal_due_at: number | null;
  appeal_outcome: string | null;
  appeal_text: string | null;
  appeal_decided_at: number | null;
  appeal_by_name: string | null;
  appeal_by_designation: string | null;
  /** working days (7.1) from submission to the committee's decision, fixed when decided (migration 027) */
  decision_working_days: number | null;
  created_at: number;
  updated_at: number;
}

/** The grievances per (category, status), kept with each change (migration 027). */
export interface GrievanceCountsTable {
  category: string;
  status: string;
  committee: string;
  n: number;
}

/** CONTRACT 7.2: each year's last grievance number (GRV-<year>-<6 digits>). */
export interface GrievanceYearsTable {
  year: number;
  last: number;
}

/** A step of a grievance (CONTRACT 7.2's history). */
export interface GrievanceHistoryTable {
  id: Generated<number>;
  grievance_id: number;
  status: string;
  note: string | null;
  by_id: number | null;
  by_name: string;
  by_role: string;
  by_designation: string | null;
  at: number;
}

/** A message on a grievance (as 5.2's). */
export interface GrievanceMessagesTable {
  id: Generated<number>;
  grievance_id: number;
  body: string;
  by_id: number;
  by_name: string;
  by_role: string;
  by_designation: string | null;
  at: number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  pending_signups: PendingSignupsTable;
  mail_outbox: MailOutboxTable;
  throttle: ThrottleTable;
  complaints: ComplaintsTable;
  complaint_search: ComplaintSearchTable;
  complaint_history: ComplaintHistoryTable;
  counters: CountersTable;
  feedback: FeedbackTable;
  notifications: NotificationsTable;
  notification_files: NotificationFilesTable;
  complaint_messages: ComplaintMessagesTable;
  complaint_attachments: ComplaintAttachmentsTable;
  attachment_files: AttachmentFilesTable;
  photo_slots: PhotoSlotsTable;
  saved_replies: SavedRepliesTable;
  reply_lists: ReplyListsTable;
  calendar_years: CalendarYearsTable;
  holidays: HolidaysTable;
  committees: CommitteesTable;
  committee_members: CommitteeMembersTable;
  grievances: GrievancesTable;
  grievance_counts: GrievanceCountsTable;
  grievance_years: GrievanceYearsTable;
  grievance_history: GrievanceHistoryTable;
  grievance_messages: GrievanceMessagesTable;
  job_runs: JobRunsTable;
  report_rollup: ReportRollupTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  login_tickets: LoginTicketsTable;
  audit_log: AuditLogTable;
  incidents: IncidentsTable;
  incident_joins: IncidentJoinsTable;
}

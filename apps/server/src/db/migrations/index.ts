import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { accounts } from './001-accounts';
import { complaints } from './002-complaints';
import { feedbackAndNotices } from './003-feedback-notices';
import { pendingSignups } from './004-pending-signups';
import { noticeQuota } from './005-notice-quota';
import { conversation } from './006-conversation';
import { itSupportToNetwork } from './007-it-support-to-network';
import {
  DEFAULT_MIGRATION_SETTINGS,
  dueDatesAndReports,
  type MigrationSettings,
} from './008-due-dates-reports';
import { reportRollups } from './009-report-rollups';
import { profileRoom } from './010-profile-room';
import { signInAndAudit } from './011-sign-in-and-audit';
import { photoQuota } from './012-photo-quota';
import { noticePosterDesignation } from './013-notice-poster-designation';
import { dueOrderAndFilingTime } from './014-due-order-and-filing-time';
import { search } from './015-search';
import { webPush } from './016-web-push';
import { incidents } from './017-incidents';
import { incidentGroups } from './018-incident-groups';
import { searchKeysInScope } from './019-search-keys-in-scope';
import { pushSubscriptionSessions } from './021-push-subscription-sessions';
import { photoSlots } from './022-photo-slots';
import { calendarAndCommittees } from './023-calendar-and-committees';
import { savedReplies } from './024-saved-replies';
import { grievances } from './025-grievances';
import { assignee } from './026-assignee';
import { grievanceCounts } from './027-grievance-counts';

export type { MigrationSettings };

/** Every migration, in order. Names sort lexically; never rename one that has shipped. */
export function migrations(
  dialect: Dialect,
  settings: MigrationSettings = DEFAULT_MIGRATION_SETTINGS,
): Record<string, Migration> {
  return {
    '001_accounts': accounts(dialect),
    '002_complaints': complaints(dialect),
    '003_feedback_notices': feedbackAndNotices(dialect),
    '004_pending_signups': pendingSignups(dialect),
    '005_notice_quota': noticeQuota(),
    '006_conversation': conversation(dialect),
    '007_it_support_to_network': itSupportToNetwork(),
    '008_due_dates_reports': dueDatesAndReports(settings),
    '009_report_rollups': reportRollups(dialect, settings),
    '010_profile_room': profileRoom(),
    '011_sign_in_and_audit': signInAndAudit(dialect),
    '012_photo_quota': photoQuota(),
    '013_notice_poster_designation': noticePosterDesignation(),
    '014_due_order_and_filing_time': dueOrderAndFilingTime(),
    '015_search': search(dialect),
    '016_web_push': webPush(dialect),
    '017_incidents': incidents(dialect),
    '018_incident_groups': incidentGroups(dialect),
    '019_search_keys_in_scope': searchKeysInScope(dialect),
    '021_push_subscription_sessions': pushSubscriptionSessions(dialect),
    '022_photo_slots': photoSlots(dialect),
    '023_calendar_and_committees': calendarAndCommittees(),
    '024_saved_replies': savedReplies(dialect),
    '025_grievances': grievances(dialect),
    '026_assignee': assignee(),
    '027_grievance_counts': grievanceCounts(settings),
  };
}

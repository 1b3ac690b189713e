// Over 12 exports for a reason: this is the barrel of the complaint services that routes, the seed and the
// bench call, one line per file (each file holds the rules of one use, its statements beside it in queries files).

export { listAdminComplaints, listAdminComplaintsWithSession } from './admin-list';
export { counterScopesOf } from './counts';
export { timelineColumns } from './due';
export { exportDay, startComplaintsExport } from './export';
export { COMPLAINTS_PER_DAY, fileComplaint } from './file';
export { listAuthorityComplaints, listStudentComplaints } from './lists';
export { getComplaintByTokenWithSession } from './lookup';
export { postMessage } from './messages';
export {
  addAttachment,
  PHOTOS_PER_DAY,
  readAttachment,
  readAttachmentWithSession,
  storeAttachment,
  storePhoto,
} from './photos';
export { authoritiesInScope } from './recipients';
export { reopenComplaint } from './reopen';
export type { ComplaintRow } from './rows';
export { adminStats } from './stats';
export { updateComplaintStatus } from './update';

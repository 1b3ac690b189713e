// The complaint services: each file holds the rules of one use, queries.ts the statements they run.
export { counterScopesOf } from './counts';
export { dueAtFrom, isOverdue, timelineColumns } from './due';
export { exportComplaintsCsv, exportDay, startComplaintsExport } from './export';
export { COMPLAINTS_PER_DAY, type FileComplaintInput, fileComplaint } from './file';
export {
  listAdminComplaints,
  listAdminComplaintsWithSession,
  listAuthorityComplaints,
  listStudentComplaints,
} from './lists';
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
export { type ComplaintRow, toComplaint } from './rows';
export { adminStats } from './stats';
export { changeStatus, type StatusActor, type StatusBatch, type StatusChange, statusActor } from './status';
export { updateComplaintStatus } from './update';

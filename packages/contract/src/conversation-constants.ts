// Catalogue of constants, one per export (messages, limits, preferences, photo paths), for both sides.
// No schema here, and no zod: the web's screens read these while they load (the complaint's page, the
// dashboards), and a zod import would bring zod's setup and every schema of the module with them.

/**
 * CONTRACT 5.1 to 5.4: authorities told of new complaints, messages on a complaint, photos and
 * reopening. Texts the server answers with are here, verbatim from the contract.
 */
export const MSG_CONVERSATION = {
  messageSent: 'Message sent',
  closedForMessages: 'This complaint is closed for messages',
  tooManyPhotos: 'A complaint can have at most 6 photos',
  reopened: 'Complaint reopened',
  cannotReopen: 'This complaint cannot be reopened',
  messageRequired: 'Please write a message',
  messageTooLong: 'A message can be at most 2000 characters',
  reasonRequired: 'Please give a reason for reopening',
  reasonTooLong: 'The reason can be at most 500 characters',
  tooManyMessages: 'You have sent too many messages. Please try again later.',
  photoType: 'Only JPEG, PNG or WebP photos are allowed',
  photoTooLarge: 'A photo must be at most 8 MB',
  photoTooManyPixels: 'A photo can have at most 40 megapixels',
  photoUnreadable: 'The photo could not be read. Please try another file.',
  photoRequired: 'Please choose a photo',
  // CONTRACT 6.7: the server's queue of photos to decode is full (503 with Retry-After)
  photosBusy: 'The server is busy with other photos. Please try again in a moment.',
  preferenceInvalid: 'Choose each, digest or off',
} as const;

/** Messages stay open this long after the last change to Resolved or Rejected; reopening too. */
export const CONVERSATION_OPEN_DAYS = 14;
export const COMPLAINT_MESSAGE_MAX = 2000;
export const REOPEN_REASON_MAX = 500;
export const REOPEN_MAX = 2;
export const PHOTOS_PER_COMPLAINT = 6;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
export const MESSAGES_PER_HOUR = 30;

export const NEW_COMPLAINT_PREFERENCES = ['each', 'digest', 'off'] as const;
export type TNewComplaintPreference = (typeof NEW_COMPLAINT_PREFERENCES)[number];

export const attachmentUrl = (id: number) => `/api/attachments/${id}`;
export const attachmentThumbUrl = (id: number) => `/api/attachments/${id}/thumb`;

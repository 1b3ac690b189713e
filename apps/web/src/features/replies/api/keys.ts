/** Which list of saved replies (CONTRACT 7.5): an authority's own (with the shared ones), or the admins' shared one. */
export type TReplyList = 'me' | 'admin';

/** Every saved-replies query key starts here. */
export const replyKeys = {
  all: ['replies'] as const,
  list: (list: TReplyList) => ['replies', list] as const,
};

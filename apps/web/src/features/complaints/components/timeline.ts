import type { TActor, TAttachment, TComplaintStatus, TComplaintWithHistory } from '@bit/contract';

/** Who did it, as the timeline names them: "Dr Rao" and "Warden", or "Asha Kumari" and "Student". */
export type TWho = { name: string; as: string };

export type TPhoto = {
  attachment: TAttachment /** its place among the complaint's photos, from 1 */;
  number: number;
};

export type TTimelineEntry = { key: string; at: string; by: TWho } & (
  | { kind: 'filed'; remarks: string | null } // remarks: who filed it at the desk, if anyone (CONTRACT 7.5)
  | { kind: 'status'; status: TComplaintStatus; remarks: string | null; reopened: boolean }
  | { kind: 'message'; body: string }
  | { kind: 'photos'; photos: TPhoto[] }
);

const ROLE_NAMES = { student: 'Student', authority: 'Authority', admin: 'Admin' } as const;

const actor = (by: TActor): TWho => ({
  name: by.name,
  as: by.role === 'student' ? ROLE_NAMES.student : (by.designation ?? ROLE_NAMES[by.role]),
});

/** Photos one person adds within this time of their first show as one entry (a batch from one pick). */
const PHOTO_BATCH_MS = 10 * 60 * 1000;

function photoEntries(attachments: readonly TAttachment[]): TTimelineEntry[] {
  const entries: Array<TTimelineEntry & { kind: 'photos' }> = [];
  attachments.forEach((attachment, i) => {
    const photo = { attachment, number: i + 1 };
    const last = entries.at(-1);
    const sameBatch =
      last &&
      last.by.name === attachment.by.name &&
      last.photos[0]?.attachment.by.role === attachment.by.role &&
      Date.parse(attachment.at) - Date.parse(last.at) < PHOTO_BATCH_MS;
    if (sameBatch) last.photos.push(photo);
    else
      entries.push({
        key: `photo-${attachment.id}`,
        kind: 'photos',
        at: attachment.at,
        by: actor(attachment.by),
        photos: [photo],
      });
  });
  return entries;
}

/** At the same instant, a status change reads before the message or photos that explain it. */
const KIND_ORDER = { filed: 0, status: 1, message: 2, photos: 3 } as const;

/**
 * One timeline, oldest first, of everything that happened to a complaint: its filing (the first
 * history entry), the status changes after it (a student's own change is a reopening), the messages
 * and the photos.
 */
export function buildTimeline(c: TComplaintWithHistory): TTimelineEntry[] {
  const [filing, ...changes] = c.history;
  const entries: TTimelineEntry[] = [
    ...(filing
      ? [
          {
            key: 'filed',
            kind: 'filed' as const,
            at: filing.at,
            by: { name: filing.by.name, as: filing.by.designation ?? ROLE_NAMES.student },
            remarks: filing.remarks,
          },
        ]
      : []),
    ...changes.map((h, i) => ({
      key: `status-${i}`,
      kind: 'status' as const,
      at: h.at,
      // authorities always have a designation, and only the student reopens (CONTRACT 5.4)
      by: { name: h.by.name, as: h.by.designation ?? ROLE_NAMES.student },
      status: h.status,
      remarks: h.remarks,
      reopened: h.by.designation === null,
    })),
    ...c.messages.map((m) => ({
      key: `message-${m.id}`,
      kind: 'message' as const,
      at: m.at,
      by: actor(m.by),
      body: m.body,
    })),
    ...photoEntries(c.attachments),
  ];
  // a stable sort: entries of one kind at the same instant keep the server's order
  return entries.sort(
    (a, b) =>
      Number(b.kind === 'filed') - Number(a.kind === 'filed') ||
      Date.parse(a.at) - Date.parse(b.at) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  );
}

/** "Photo 2 of complaint CMP-…: Fan, Hostel 4 room 12": what the photo is of, for those who cannot see it. */
export function photoAlt(
  c: Pick<TComplaintWithHistory, 'token' | 'type' | 'subType' | 'hostelNo' | 'roomNo'>,
  number: number,
) {
  const place =
    c.type === 'Hostel'
      ? `Hostel ${c.hostelNo ?? '?'}${c.roomNo ? ` room ${c.roomNo}` : ''}`
      : 'college complaint';
  return `Photo ${number} of complaint ${c.token}: ${c.subType}, ${place}`;
}

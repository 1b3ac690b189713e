import { COMPLAINT_STATUS_PATH, FILE_COMPLAINT_PATH, HOSTEL_MAX, HOSTEL_MIN, ROOM_MAX } from '@bit/contract';
import { useLocation } from 'react-router';
import { useAuth } from './auth-provider';

export const VIEW_COMPLAINT_REASON = 'Log in to view this complaint';
export const CONTINUE_REASON = 'Log in to continue';

type TKept = { pathname?: string; search?: string };

/**
 * A sticker's address (CONTRACT 6.4: the filing form with where the problem is) says where in its
 * reason: "Log in to report a problem in Hostel 3, room 101" (issue 51 row 4). Null for any other
 * address, or one that fills nothing.
 */
export function stickerReason(kept: TKept | undefined): string | null {
  if (kept?.pathname !== FILE_COMPLAINT_PATH) return null;
  // read as the form reads it (the contract's filingFromAddress), without the stickers module's zod:
  // this text is on the home page's and the login's first screens
  const search = new URLSearchParams(kept.search ?? '');
  const type = search.get('type');
  if (type === 'Hostel') {
    const hostel = search.get('hostelNo') ?? '';
    const n = Number(hostel);
    if (!/^\d+$/.test(hostel) || n < HOSTEL_MIN || n > HOSTEL_MAX) return null;
    const room = (search.get('roomNo') ?? '').trim();
    return `Log in to report a problem in Hostel ${n}${room && room.length <= ROOM_MAX ? `, room ${room}` : ''}`;
  }
  if (type === 'College') {
    const place = (search.get('place') ?? '').trim().slice(0, 60);
    return place ? `Log in to report a problem at ${place}` : null;
  }
  return null;
}

/** The reason for a kept location: a complaint's page, a sticker's place, or any other screen. */
export function reasonFor(kept: TKept): string {
  if (kept.pathname === COMPLAINT_STATUS_PATH) return VIEW_COMPLAINT_REASON;
  return stickerReason(kept) ?? CONTINUE_REASON;
}

/**
 * Why a visitor is here: a protected screen (a complaint's page opened from a mail, a dashboard, a
 * sticker's filing form) sent them with the requested location in navigation state ({ from }); they
 * land on / (SPEC's access rule), or on Student Login from a sticker, and carry it on to a login
 * screen. A notice, not a control: text with a marker at its side, never a box that looks like a
 * button (issue 51 row 4). Nothing for anyone else, or once signed in.
 */
export function SignInReason({ className = '', onDark = false }: { className?: string; onDark?: boolean }) {
  const { user } = useAuth();
  const from = (useLocation().state as { from?: TKept } | null)?.from;
  if (user || !from?.pathname) return null;
  const tone = onDark ? 'border-accent-400 text-white' : 'border-brand-700 bg-brand-50 text-brand-900';
  return (
    <p role="status" className={`border-l-4 py-2 pr-3 pl-3 font-semibold ${tone} ${className}`}>
      {reasonFor(from)}
    </p>
  );
}

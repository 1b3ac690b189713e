import { PDF_MAX_BYTES, type TNotification } from '@bit/contract';
import { hostelOptions } from '../../../config/options';

/** The target choices of the form and the student picker: value 'all' or the hostel number. */
export const TARGET_OPTIONS = [{ value: 'all', label: 'All' }, ...hostelOptions];

export function targetLabel(hostel: string) {
  return hostel === 'all' ? 'All hostels' : `Hostel ${hostel}`;
}

/**
 * Who posted a notice, as the complaint's page names people: "Dr Rao (Warden)", "Office (Admin)"
 * (issue 33 row 19: it said "(authority)"). An authority's notice from before designations were kept
 * on notices, without one, says "(Authority)".
 */
export function posterLabel({ name, role, designation }: TNotification['postedBy']) {
  const what = designation ?? (role === 'admin' ? 'Admin' : role === 'authority' ? 'Authority' : role);
  return `${name} (${what})`;
}

type TPdfCheck = 'ok' | 'not-pdf' | 'too-large';

/** Looks like a PDF by its name or type, and by its first bytes (%PDF-) where the browser can read them. */
export async function checkPdf(file: File): Promise<TPdfCheck> {
  const named = /\.pdf$/i.test(file.name) || file.type === 'application/pdf';
  if (!named) return 'not-pdf';
  if (file.size > PDF_MAX_BYTES) return 'too-large';
  try {
    const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
    const magic = String.fromCharCode(...head);
    if (magic !== '%PDF-') return 'not-pdf';
  } catch {
    // cannot read it here: the server checks the bytes
  }
  return 'ok';
}

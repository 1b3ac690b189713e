/** Upload helpers shared by the notice tests and the hostile-input suite. */

/** A tiny but real PDF: its bytes start with the %PDF- magic. */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A multipart body built the way a browser builds it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Uint8Array; type?: string; field?: string },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file)
    fd.append(
      file.field ?? 'pdf',
      new Blob([file.data], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

import { ERROR_RESPONSES, STICKER_SHEETS_PER_HOUR, STICKERS_MAX, ZStickersQuery } from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { makeStickerSheet } from '../../services/complaints/stickers';

export default async function stickerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    '/stickers.pdf',
    {
      // hostel staff too: which hostel they may print for is the policy's word (mayMakeStickers)
      preValidation: requireRole('admin', 'authority'),
      schema: {
        tags: ['stickers'],
        summary: 'QR stickers that open the filing form for a room or a place, as an A4 PDF (CONTRACT 6.4)',
        description: `An admin for any hostel or college place; a Hostel Clerk or Warden for their own hostel's rooms. \`hostelNo\` and \`rooms\` (101-140,201-240,G12; at most ${STICKERS_MAX} stickers), or \`type=College&subType=<department>&place=<text>\`. 12 stickers a page. At most ${STICKER_SHEETS_PER_HOUR} sheets a user an hour: 429 with \`Retry-After\` beyond.`,
        querystring: ZStickersQuery,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ description: 'application/pdf', format: 'binary' }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await makeStickerSheet(ctx, currentUser(request), request.query);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          // bytes, never serialized: the 200 schema only documents them
          .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never)
      );
    },
  );
}

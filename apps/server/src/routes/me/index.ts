import {
  ERROR_RESPONSES,
  ZPreferencesRequest,
  ZPreferencesResponse,
  ZProfileRequest,
  ZProfileResponse,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { getPreferences, setPreferences } from '../../services/accounts/preferences';
import { updateProfile } from '../../services/accounts/users';

/**
 * The signed-in user's own settings: the channels of their events (CONTRACT 6.3) and an authority's
 * mail preference (5.1), a student's profile (5.8), their browsers' push subscriptions (6.3). Two-step sign-in (/me/two-factor) is routes/two-factor.
 */
export default async function meRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['me'];
  app.get(
    '/preferences',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary:
          'Which channels carry your events (email, push) and, for an authority, how often new complaints are mailed',
        response: { 200: ZPreferencesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await getPreferences(currentUser(request)) }),
  );
  app.put(
    '/preferences',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary:
          'Set email and push on or off, and (authorities only, else 403) newComplaints: each, digest (08:00) or off',
        body: ZPreferencesRequest,
        response: { 200: ZPreferencesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await setPreferences(ctx, currentUser(request), request.body),
    }),
  );
  app.put(
    '/profile',
    {
      preValidation: requireRole('student'),
      schema: {
        tags,
        summary: "A student's mobile number, hostel and room (CONTRACT 5.8); authorities and admins: 403",
        body: ZProfileRequest,
        response: { 200: ZProfileResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await updateProfile(ctx, currentUser(request), request.body) }),
  );
}

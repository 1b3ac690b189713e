import {
  ERROR_RESPONSES,
  MSG_GRIEVANCE,
  type TGrievanceWithHistory,
  ZAppealRequest,
  ZDecisionRequest,
  ZGrievanceActionResponse,
  ZGrievanceListQuery,
  ZGrievanceMessageRequest,
  ZGrievanceMessageResponse,
  ZGrievancePage,
  ZGrievanceResponse,
  ZHearingRequest,
  ZIdParam,
  ZRepresentativeRequest,
  ZSubmitGrievanceRequest,
} from '@bit/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { appealGrievance, decideAppeal } from '../../services/grievances/appeal';
import { listGrievances } from '../../services/grievances/list';
import { postGrievanceMessage } from '../../services/grievances/messages';
import { getGrievance } from '../../services/grievances/read';
import {
  decideGrievance,
  scheduleHearing,
  setRepresentative,
  withdrawGrievance,
} from '../../services/grievances/steps';
import { submitGrievance } from '../../services/grievances/submit';

/** CONTRACT 7.2, 7.3: the grievances themselves: submitting, lists, a grievance, its steps and its messages. */
export async function grievanceCaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['grievances'];

  // CONTRACT 7.2: the grievances. Who may see one is policy/grievances.ts's: anyone else gets 404.
  const seen =
    "Seen by its student, its committee's members and, once an SGRC grievance is appealed, the Ombudsperson; 404 for anyone else (admins included).";

  app.post(
    '/grievances',
    {
      preValidation: requireRole('student'),
      schema: {
        tags,
        summary: 'Submit a grievance (student)',
        description:
          "Status Submitted, due 15 working days later; its committee's members are told. At most 5 a day (429). `complaintToken` only, and then required, for Complaint not resolved; `anonymous` only for Ragging.",
        body: ZSubmitGrievanceRequest,
        response: { 201: ZGrievanceActionResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await submitGrievance(ctx, currentUser(request), request.body);
      return reply.status(201).send({ message: MSG_GRIEVANCE.submitted, data });
    },
  );

  app.get(
    '/grievances',
    {
      preValidation: requireRole('student', 'authority'),
      schema: {
        tags,
        summary: "A student's own grievances, or a committee member's committees' ones",
        description:
          'The Ombudsperson lists the appealed SGRC grievances. Newest first; with overdue=true, the longest overdue first. 403 for admins and authorities on no committee.',
        querystring: ZGrievanceListQuery,
        response: { 200: ZGrievancePage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listGrievances(ctx, currentUser(request), request.query),
  );

  app.get(
    '/grievances/:id',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary: 'A grievance with its history and messages',
        description: `${seen} A committee member's opening of a Ragging or Sexual harassment grievance is audited \`grievance.view\` (the grievance's id as target, no content).`,
        params: ZIdParam,
        response: { 200: ZGrievanceResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      data: await getGrievance(ctx, currentUser(request), request.params.id, request.ip),
    }),
  );

  const step = <B extends z.ZodType>(
    method: 'post' | 'put',
    path: string,
    summary: string,
    body: B | null,
    run: (
      user: ReturnType<typeof currentUser>,
      id: number,
      body: z.output<B>,
    ) => Promise<TGrievanceWithHistory>,
    message: string,
  ) =>
    app.route({
      method: method.toUpperCase() as 'POST' | 'PUT',
      url: `/grievances/:id/${path}`,
      preValidation: requireRole(),
      schema: {
        tags,
        summary,
        description: `${seen} Taking a step one may see but not take is 403; a step out of order 409.`,
        params: ZIdParam,
        ...(body ? { body } : {}),
        response: { 200: ZGrievanceActionResponse, ...ERROR_RESPONSES },
      },
      handler: async (request) => ({
        message,
        data: await run(
          currentUser(request),
          (request.params as { id: number }).id,
          request.body as z.output<B>,
        ),
      }),
    });

  step(
    'post',
    'hearing',
    'Schedule the hearing (a member of its committee); the student is told when and where',
    ZHearingRequest,
    (user, id, body) => scheduleHearing(ctx, user, id, body),
    MSG_GRIEVANCE.hearingScheduled,
  );
  step(
    'put',
    'representative',
    'Name who speaks for the student at the hearing (the student, before it)',
    ZRepresentativeRequest,
    (user, id, body) => setRepresentative(ctx, user, id, body.name),
    MSG_GRIEVANCE.representativeSaved,
  );
  step(
    'post',
    'decision',
    'Decide the grievance (a member of its committee); the student is told',
    ZDecisionRequest,
    (user, id, body) => decideGrievance(ctx, user, id, body),
    MSG_GRIEVANCE.decided,
  );
  step(
    'post',
    'withdraw',
    'Withdraw the grievance (the student, before a decision)',
    null,
    (user, id) => withdrawGrievance(ctx, user, id),
    MSG_GRIEVANCE.withdrawn,
  );
  step(
    'post',
    'appeal',
    'Appeal an SGRC decision to the Ombudsperson (the student, within 15 days of it)',
    ZAppealRequest,
    (user, id, body) => appealGrievance(ctx, user, id, body.reason),
    MSG_GRIEVANCE.appealed,
  );
  step(
    'post',
    'appeal-decision',
    'Decide an appeal, finally (the Ombudsperson)',
    ZDecisionRequest,
    (user, id, body) => decideAppeal(ctx, user, id, body),
    MSG_GRIEVANCE.appealDecided,
  );

  app.post(
    '/grievances/:id/messages',
    {
      preValidation: requireRole(),
      schema: {
        tags,
        summary: 'Write on a grievance (its student, its committee, the Ombudsperson on an appeal)',
        description: `${seen} Admins: never. At most 30 messages an hour.`,
        params: ZIdParam,
        body: ZGrievanceMessageRequest,
        response: { 201: ZGrievanceMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const data = await postGrievanceMessage(
        ctx,
        currentUser(request),
        request.params.id,
        request.body.body,
      );
      return reply.status(201).send({ message: MSG_GRIEVANCE.messageSent, data });
    },
  );
}

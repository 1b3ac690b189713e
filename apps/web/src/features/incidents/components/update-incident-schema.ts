import { type TUpdateIncidentRequest, ZUpdateIncidentRequest } from '@bit/contract';
import { formSchema } from '../../../lib/form';

/** Loaded by the incident's update form on its first use (lib/form.ts): the page shows without zod. */
export const updateIncidentSchema = formSchema<{ status: string; remarks: string }, TUpdateIncidentRequest>(
  ZUpdateIncidentRequest,
);

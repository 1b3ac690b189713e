import { type TCreateIncidentRequest, ZCreateIncidentRequest } from '@bit/contract';
import { formSchema } from '../../../lib/form';

export type TDeclareValues = { title: string; type: string; hostelNo: string; subType: string };

/** Loaded by the Incidents page's Declare form on its first use (lib/form.ts). */
export const declareIncidentSchema = formSchema<TDeclareValues, TCreateIncidentRequest>(
  ZCreateIncidentRequest,
);

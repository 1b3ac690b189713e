import {
  COMPLAINT_NOT_RESOLVED,
  type TAppealRequest,
  type TDecisionRequest,
  type TGrievanceMessageRequest,
  type THearingRequest,
  type TRepresentativeRequest,
  type TSubmitGrievanceRequest,
  ZAppealRequest,
  ZDecisionRequest,
  ZGrievanceMessageRequest,
  ZHearingRequest,
  ZRepresentativeRequest,
  ZSubmitGrievanceRequest,
} from '@bit/contract';
import { z } from 'zod';
import { formSchema } from '../../../lib/form';
import { instantOfLocal } from './hearing-time';

// The grievance forms' checks, the contract's schemas as they are: loaded at a form's first use (lib/form.ts).

export type TSubmitGrievanceValues = {
  category: string;
  subject: string;
  description: string;
  complaintToken: string;
  anonymous: boolean;
};

/**
 * What the form sends: the complaint token only for a complaint not resolved and the anonymous choice
 * only for ragging, the fields the form shows for them (a token typed, then another category chosen,
 * is not sent and refused).
 */
export const submitGrievanceSchema = formSchema<TSubmitGrievanceValues, TSubmitGrievanceRequest>(
  z.preprocess((raw) => {
    const v = raw as TSubmitGrievanceValues;
    const body: Record<string, unknown> = {
      category: v.category,
      subject: v.subject,
      description: v.description,
    };
    if (v.category === COMPLAINT_NOT_RESOLVED) body.complaintToken = v.complaintToken.trim();
    if (v.category === 'Ragging' && v.anonymous) body.anonymous = true;
    return body;
  }, ZSubmitGrievanceRequest),
);

/** The hearing's day and time typed on the institute's clock, sent as an instant. */
export const hearingSchema = formSchema<{ at: string; place: string }, THearingRequest>(
  z.preprocess((raw) => {
    const v = raw as { at: string; place: string };
    return { at: instantOfLocal(v.at) ?? v.at, place: v.place };
  }, ZHearingRequest),
);

export const representativeSchema = formSchema<{ name: string }, TRepresentativeRequest>(
  ZRepresentativeRequest,
);
export const decisionSchema = formSchema<{ outcome: string; text: string }, TDecisionRequest>(
  ZDecisionRequest,
);
export const appealSchema = formSchema<{ reason: string }, TAppealRequest>(ZAppealRequest);
export const grievanceMessageSchema = formSchema<{ body: string }, TGrievanceMessageRequest>(
  ZGrievanceMessageRequest,
);

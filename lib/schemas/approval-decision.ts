import * as z from '../zod';
import { typeError } from './type-error';

/** A decision, from the API (JSON) or the page (form fields of the same names). */
export const decisionSchema = z.strictObject({
  decision: z.enum(['approve', 'reject'], typeError('must be approve or reject')),
  /** The text as edited; the proposed one when absent. Ignored on rejection. */
  text: z.optional(z.string({ error: 'must be a string' })),
});
export type DecisionInput = z.output<typeof decisionSchema>;

/**
 * The form's fields as the pipeline reads them: any fields, checked in `decideOnApprovalPage`, so
 * that a bad one shows the form again with the error instead of an error page.
 */
export const approvalFormSchema = z.record(z.string(), z.string());

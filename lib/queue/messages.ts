import { z } from 'zod';

/** `jobs` queue: plan one accepted job into its actions. */
export const planJobMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: z.string().min(1),
  jobId: z.string().min(1),
});
export type PlanJobMessage = z.infer<typeof planJobMessageSchema>;

/** `actions` queue: run (or re-check) one account's action of a job. */
export const runActionMessageSchema = z.object({
  v: z.literal(1),
  workspaceId: z.string().min(1),
  jobId: z.string().min(1),
  accountId: z.string().min(1),
});
export type RunActionMessage = z.infer<typeof runActionMessageSchema>;

import * as z from '../zod';
import { pageLimitSchema } from './page-limit';

/** `dlv_<ULID>`: a delivery's id, also the cursor of its list (newest first follows it). */
export const DELIVERY_ID_RE = /^dlv_[0-9A-HJKMNP-TV-Z]{26}$/;

/** GET /api/v1/webhooks/{webhookId}/deliveries's query string: a page size and the previous page's last delivery. */
export const deliveryListQuerySchema = z.object({
  limit: pageLimitSchema,
  cursor: z.optional(z.string().check(z.regex(DELIVERY_ID_RE, 'is not a cursor this API gave (use links.next of the previous page)'))),
});

import * as z from '../zod';

/** An email address, as the requests that carry one accept it (RFC 5321's 254-character limit). */
export const emailSchema = z.email('must be a valid email address').check(z.maxLength(254, 'must be at most 254 characters'));

import * as z from 'zod';
import { normaliseProfileUrl } from '../network/profile-url';
import { typeError } from './type-error';

export const profileUrlForms =
  'a profile URL of the network, https://www.linkedin.com/in/<id> (with or without www. or a country prefix, a trailing slash or a query)';

/** A person's profile URL of the network, normalised (see `normaliseProfileUrl`); the error says which forms are accepted. */
export const profileUrlSchema = z
  .string(typeError('must be a string'))
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx) => {
    const url = normaliseProfileUrl(value);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: `must be ${profileUrlForms}` });
      return z.NEVER;
    }
    return url;
  });

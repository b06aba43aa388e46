import * as z from '../zod';
import { normaliseProfileUrl } from '../network/model/profile-url';
import { typeError } from './type-error';

export const profileUrlForms =
  'a profile URL of the network, https://www.linkedin.com/in/<id> (with or without www. or a country prefix, a trailing slash or a query)';

/** A person's profile URL of the network, normalised (see `normaliseProfileUrl`); the error says which forms are accepted. */
export const profileUrlSchema = z.pipe(
  z.string(typeError('must be a string')).check(z.maxLength(2048, 'must be at most 2048 characters')),
  z.transform((value: string, ctx) => normaliseProfileUrl(value) || z.refuse(ctx, `must be ${profileUrlForms}`)),
);

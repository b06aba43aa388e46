import * as z from '../zod';
import { acceptedPostUrlForms, parsePostUrl } from '../network/model/post-url';

/** A post or comment URL of the network, parsed into a PostRef; the error lists the accepted forms. */
export const postUrlSchema = z.pipe(
  z.string().check(z.maxLength(2048, 'must be at most 2048 characters')),
  z.transform((value: string, ctx) => parsePostUrl(value) ?? z.refuse(ctx, `must be ${acceptedPostUrlForms}`)),
);

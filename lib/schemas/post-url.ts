import * as z from 'zod';
import { acceptedPostUrlForms, parsePostUrl } from '../network/post-url';

/** A post or comment URL of the network, parsed into a PostRef; the error lists the accepted forms. */
export const postUrlSchema = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx) => {
    const post = parsePostUrl(value);
    if (!post) {
      ctx.addIssue({ code: 'custom', message: `must be ${acceptedPostUrlForms}` });
      return z.NEVER;
    }
    return post;
  });

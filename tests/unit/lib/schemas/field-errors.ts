import type * as z from '../../../../lib/zod';
import type { FieldError } from '../../../../lib/errors';
import { ValidationError } from '../../../../lib/errors';
import { validate } from '../../../../lib/schemas/validate';

/** The `{path, message}` errors `validate` refuses `body` with; fails when it is accepted. */
export function fieldErrorsOf(schema: z.core.$ZodType, body: unknown): FieldError[] {
  try {
    validate(schema, body);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error(`expected a validation error for ${JSON.stringify(body)}`);
}

/** What the API answers about a URL that is not a profile: the accepted form, named. */
export const notAProfileUrl =
  'must be a profile URL of the network, https://www.linkedin.com/in/<id> (with or without www. or a country prefix, a trailing slash or a query)';

/** Profile URLs of one person, spelled as people paste them. */
export const profileUrlVariants = [
  'https://www.linkedin.com/in/jane-doe',
  'http://www.linkedin.com/in/jane-doe',
  'https://linkedin.com/in/jane-doe',
  'https://fr.linkedin.com/in/jane-doe',
  'https://www.linkedin.com/in/jane-doe/',
  'https://www.linkedin.com/in/jane-doe?trk=public_profile',
  'HTTPS://WWW.LINKEDIN.COM/in/JANE-DOE',
  'http://FR.LinkedIn.com/in/Jane-Doe/?utm_source=mail',
];
export const janeDoe = 'https://www.linkedin.com/in/jane-doe';

/** Addresses that are not a person's profile of the network. */
export const nonProfileUrls = [
  'https://www.linkedin.com/company/acme/',
  'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/',
  'https://www.linkedin.com/in/',
  'https://example.com/in/jane-doe',
  'https://linkedin.com.evil.example/in/jane-doe',
  'javascript:alert(1)',
  'javascript://www.linkedin.com/in/jane-doe',
  'jane-doe',
  '',
];

import * as z from '../zod';
import type { FieldError } from '../errors';
import { ValidationError } from '../errors';

function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Turns zod issues into one `{path, message}` per bad field (one per unknown key too). */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'is not a known field' }));
    }
    return [{ path: pathOf(issue.path), message: issue.message }];
  });
}

/** Parse options under which a missing field's error says `is required` (others keep their schema's message). */
export const missingAsRequired: z.core.ParseContext<z.core.$ZodIssue> = {
  error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
};

/** Validates input against a schema; throws a 400 ValidationError naming every bad field. */
export function validate<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input, missingAsRequired);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error.issues));
  return result.data;
}

/** Validates query string parameters; errors name them as `query.<name>`. */
export function validateQuery<S extends z.core.$ZodType>(schema: S, query: Record<string, string | undefined>): z.output<S> {
  try {
    return validate(schema, query);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      error.errors.map((fieldError) => ({ ...fieldError, path: fieldError.path ? `query.${fieldError.path}` : 'query' })),
      'The query string is not valid; see `errors` for each parameter.',
    );
  }
}

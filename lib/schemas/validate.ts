import * as z from '../zod';
import type { FieldError } from '../errors';
import { ValidationError } from '../errors';

function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** What a JSON value is, for a person: `null`, `an array`, `a string`, … */
function jsonKindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Turns zod issues into one `{path, message}` per bad field (one per unknown key too); `input` is what was validated. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  // The whole body of the wrong type (`null`, `[]`, `"text"`, `0`, `true`): said in the caller's
  // words, and alone (a refinement that still ran on an array would name a field it never had).
  if (issues.some((issue) => issue.code === 'invalid_type' && issue.path.length === 0 && issue.expected === 'object')) {
    return [{ path: '', message: `the body must be a JSON object, not ${jsonKindOf(input)}` }];
  }
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
  if (!result.success) throw new ValidationError(toFieldErrors(result.error.issues, input));
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

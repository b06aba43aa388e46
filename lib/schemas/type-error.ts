/**
 * A field's type error that still says `is required` when the field is missing: a schema's own
 * message would otherwise hide the one `validate` gives missing fields.
 */
export const typeError = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
});

import { normaliseProfileUrl } from '../network/model/profile-url';

/**
 * Refinement of connect and DM requests: nobody connects with or messages themselves. Written as
 * options for `.refine` so it runs even when other fields are bad (one answer names every problem).
 */
export const distinctPeople: [
  (request: { target?: unknown; user?: unknown }) => boolean,
  { path: PropertyKey[]; message: string; when: (payload: { value: unknown }) => boolean },
] = [
  (request) => !samePerson(request.target, request.user),
  {
    path: ['target'],
    message: 'must be another person than user',
    when: ({ value }) => typeof value === 'object' && value !== null,
  },
];

function samePerson(target: unknown, user: unknown): boolean {
  if (typeof target !== 'string' || typeof user !== 'string') return false;
  const a = normaliseProfileUrl(target);
  return a !== undefined && a === normaliseProfileUrl(user);
}

/** What the approvals routes' definitions share: their words on a parameter or an answer. */
export const approvalId = {
  approvalId: {
    description: 'The approval (`apr_` and a ULID), as the job or the `approval.requested` event gave it.',
    example: 'apr_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  },
};
export const token = {
  token: { description: 'The secret of the single-use link: 32 random base62 characters.', example: 'Xq3Zt0a9LmP2vB7cD4eF6gH8iJ1kN5oR' },
};
export const notFound = { description: 'No such approval in this workspace.', problems: ['not-found'] } as const;
export const pageNotFound = {
  description: 'The link is not valid (unknown or malformed token): a page that reveals nothing.',
  html: true,
} as const;

/** What the jobs routes' definitions share: their words on a parameter or an answer. */
export const tag = 'Jobs';
export const jobId = {
  jobId: {
    description: 'The `jobId` a 202 gave (`job_` and 26 characters in the form of a ULID).',
    example: 'job_01KA7W9Q3T5W0R6Y5XG8N2M4C1',
  },
};

import { idFrom, newId } from '../../../lib/ids';

/** The form every job id has, as the job list's cursor and the jobs endpoints check it. */
const JOB_ID = /^job_[0-9A-HJKMNP-TV-Z]{26}$/;

describe('idFrom', () => {
  it('gives the same id for the same seed, of the form newId gives', () => {
    const id = idFrom('job', 'a seed');

    expect(idFrom('job', 'a seed')).toBe(id);
    expect(id).toMatch(JOB_ID);
    expect(newId('job')).toMatch(JOB_ID);
    // A ULID's first character holds its 3 highest bits.
    expect(id[4]).toMatch(/[0-7]/);
  });

  it('gives different ids for different seeds', () => {
    const ids = new Set(Array.from({ length: 1000 }, (_, n) => idFrom('job', `seed ${n}`)));

    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(JOB_ID);
  });
});

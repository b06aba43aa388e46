import { requestFingerprint } from '../../../../lib/http/idempotency';
import { cancelJob } from '../../../../lib/routes/jobs/cancel-job';
import { decideApproval } from '../../../../lib/routes/approvals/decide-approval';
import { addGroupAccounts } from '../../../../lib/routes/groups/add-group-accounts';
import { like } from '../../../../lib/routes/social-selling/like';
import { connect } from '../../../../lib/routes/social-selling/connect';

/** What an Idempotency-Key is bound to (the HTTP behaviour: tests/integration/http/idempotency-per-resource.test.ts). */
describe('requestFingerprint', () => {
  const cancel = cancelJob;

  it('differs between two resources of the same route, with the same (absent) body', () => {
    expect(requestFingerprint(cancel, { jobId: 'job_A' }, undefined)).not.toBe(requestFingerprint(cancel, { jobId: 'job_B' }, undefined));
  });

  it('is the same for the same JSON whatever its key order, and differs for another value', () => {
    const route = decideApproval;
    const ids = { approvalId: 'apr_1' };
    const body = { decision: 'approve', edits: { message: 'Hi', note: ['a', { y: 1, x: 2 }] } };
    const reordered = JSON.parse('{"edits":{"note":["a",{"x":2,"y":1}],"message":"Hi"},"decision":"approve"}') as unknown;

    expect(requestFingerprint(route, ids, reordered)).toBe(requestFingerprint(route, ids, body));
    expect(requestFingerprint(route, ids, { ...body, decision: 'reject' })).not.toBe(requestFingerprint(route, ids, body));
    // Array order is part of the value.
    expect(requestFingerprint(route, ids, { a: [1, 2] })).not.toBe(requestFingerprint(route, ids, { a: [2, 1] }));
  });

  it('writes any id unambiguously: a slash, a quote, a lone surrogate (found by the fuzz tests: a 500)', () => {
    const group = addGroupAccounts;
    const of = (name: string) => requestFingerprint(group, { name }, undefined);

    expect(of('a/accounts')).not.toBe(of('a'));
    expect(of('a"b')).not.toBe(of('a\\"b'));
    expect(() => of('\ud800')).not.toThrow();
    expect(of('\ud800')).not.toBe(of('\udc00'));
  });

  it('tells no body from an empty object, and the method and route apart', () => {
    expect(requestFingerprint(cancel, { jobId: 'job_A' }, undefined)).not.toBe(requestFingerprint(cancel, { jobId: 'job_A' }, {}));
    expect(requestFingerprint(like, {}, {})).not.toBe(requestFingerprint(connect, {}, {}));
  });
});

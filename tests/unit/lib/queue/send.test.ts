import type { SQSClient } from '@aws-sdk/client-sqs';
import { clampDelaySeconds, sendMessage } from '../../../../lib/queue/send';

describe('clampDelaySeconds', () => {
  it('rounds up to whole seconds, is capped at 15 minutes and never negative', () => {
    expect(clampDelaySeconds(30.2)).toBe(31);
    expect(clampDelaySeconds(86_400)).toBe(900);
    expect(clampDelaySeconds(-3_600)).toBe(0);
    expect(clampDelaySeconds()).toBe(0);
  });
});

describe('sendMessage', () => {
  it("takes, for each queue, only that queue's kind of message (the type checker refuses the others)", async () => {
    const sent: unknown[] = [];
    const sqs = { send: async (command: { input: unknown }) => sent.push(command.input) } as unknown as SQSClient;

    // @ts-expect-error -- an action's message names its account
    await sendMessage(sqs, 'actions', 'https://queue/actions', { body: { v: 1, workspaceId: 'ws', jobId: 'job' } });
    // @ts-expect-error -- a webhook delivery is not a job to plan
    await sendMessage(sqs, 'jobs', 'https://queue/jobs', { body: { v: 1, workspaceId: 'ws', webhookId: 'wh', deliveryId: 'dlv' } });
    await sendMessage(sqs, 'actions', 'https://queue/actions', { body: { v: 1, workspaceId: 'ws', jobId: 'job', accountId: 'acc' } });

    expect(sent).toHaveLength(3);
  });
});

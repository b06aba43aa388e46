import { slackWebhookUrlSchema } from '../../../../lib/schemas/slack-webhook-url';
import * as z from '../../../../lib/zod';

describe('slackWebhookUrlSchema', () => {
  it('takes a Slack incoming webhook', () => {
    expect(z.safeParse(slackWebhookUrlSchema, 'https://hooks.slack.com/services/T000/B000/XXXX').success).toBe(true);
  });

  it.each([
    'http://hooks.slack.com/services/T000/B000/XXXX',
    'https://hooks.slack.com.evil.example/services/T000',
    'https://evil.example/services/T000/B000/XXXX',
    'https://user:pass@hooks.slack.com/services/T000',
    'https://hooks.slack.com:8443/services/T000',
    'https://hooks.slack.com/',
    'not a url',
    `https://hooks.slack.com/${'x'.repeat(500)}`,
  ])('refuses %s', (url) => {
    expect(z.safeParse(slackWebhookUrlSchema, url).success).toBe(false);
  });
});

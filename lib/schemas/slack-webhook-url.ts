import * as z from '../zod';
import { typeError } from './type-error';

/**
 * A Slack incoming webhook: `https://hooks.slack.com/...` and nothing else, so a workspace can
 * never make this service post to another host (where the post really goes is SLACK_WEBHOOK_ORIGIN:
 * Slack, or a local receiver in tests).
 */
export const slackWebhookUrlSchema = z.string(typeError('must be a string: an https://hooks.slack.com/... URL')).check(
  z.maxLength(500, 'must be at most 500 characters'),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (
        url.protocol === 'https:' &&
        url.hostname === 'hooks.slack.com' &&
        url.port === '' &&
        !url.username &&
        !url.password &&
        url.pathname.length > 1
      );
    } catch {
      return false;
    }
  }, 'must be a Slack incoming webhook URL: https://hooks.slack.com/...'),
);

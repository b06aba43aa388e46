import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { timedRequestHandler } from '../aws-timeouts';
import { traced } from '../tracer';
import type { EmailMessage } from './approval-message';

let shared: SESv2Client | undefined;

/** The process-wide SES (API v2) client, its calls traced; locally its endpoint comes from AWS_ENDPOINT_URL_SESV2 (the SES emulator). */
export function defaultSes(): SESv2Client {
  shared ??= traced(new SESv2Client({ maxAttempts: 3, requestHandler: timedRequestHandler() }));
  return shared;
}

/** Sends one email through SES (`SendEmail`, simple content: a text and an HTML part) from a verified sender. */
export async function sendEmail(ses: SESv2Client, mail: { from: string; to: string; message: EmailMessage }): Promise<void> {
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: mail.from,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.message.text, Charset: 'UTF-8' }, Html: { Data: mail.message.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}

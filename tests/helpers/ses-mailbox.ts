/**
 * The mails the local SES emulator (aws-ses-v2-local) received, read from its `/store` as its README
 * documents: what the service sent, as a person's mailbox would show it.
 */
export interface ReceivedMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Every mail the emulator holds (of every test: filter by recipient). */
export async function receivedMails(endpoint = process.env.AWS_ENDPOINT_URL_SESV2): Promise<ReceivedMail[]> {
  if (!endpoint) throw new Error('AWS_ENDPOINT_URL_SESV2 is not set: is the test stack running?');
  const response = await fetch(new URL('/store', endpoint));
  if (!response.ok) throw new Error(`the SES emulator's /store answered ${response.status}`);
  return ((await response.json()) as { emails: ReceivedMail[] }).emails;
}

/** The mails sent to `address`, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  return (await receivedMails()).filter((mail) => mail.destination.to.includes(address)).sort((a, b) => a.at - b.at);
}

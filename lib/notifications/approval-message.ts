/**
 * What an approval request (or its reminder) says to the person who must decide: by email (plain
 * text and HTML) and on Slack. Pure functions. Everything from the approval is escaped (HTML, and
 * Slack's `&`, `<`, `>`), the only link is the approval page's, and the HTML loads nothing (no
 * remote image, no stylesheet but an inline one), as mail clients and readers should expect.
 */
import { escapeHtml } from '../http/html';
import type { Approval } from '../store/approvals';
import type { NotificationPurpose } from '../store/approval-notifications';

/** What a message names, from the approval and where its page is. */
export interface ApprovalMessageInput {
  approval: Pick<Approval, 'kind' | 'sender' | 'target' | 'text' | 'validUntil'>;
  purpose: NotificationPurpose;
  /** The approval page's absolute URL (its link is a secret: only for the person who decides). */
  link: string;
}

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

/** `2026-11-27 14:00 UTC`: a deadline read the same way everywhere. */
function deadlineOf(validUntil: string): string {
  return `${validUntil.slice(0, 10)} ${validUntil.slice(11, 16)} UTC`;
}

/** A name or an address on one line: whatever it holds, a line break never reaches a sentence or a subject. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** What waits, in words: "a comment from your account Alice Martin", "on https://…". */
function whatWaits(input: ApprovalMessageInput): { action: string; target: string } {
  const { approval } = input;
  const name = approval.target.name && oneLine(approval.target.name);
  const target = name ? `${name} (${oneLine(approval.target.url)})` : oneLine(approval.target.url);
  const sender = oneLine(approval.sender.name);
  switch (approval.kind) {
    case 'comment':
      return { action: `a comment from your account ${sender}`, target: `on ${target}` };
    case 'dm':
      return { action: `a message from your account ${sender}`, target: `to ${target}` };
    case 'post':
      return { action: `a post from your account ${sender}`, target: `on its profile (${oneLine(approval.target.url)})` };
  }
}

function subjectOf(input: ApprovalMessageInput): string {
  const { name } = input.approval.target;
  // A comment is on a post (its author's, when known); a message is to a person.
  const what = {
    comment: `comment on ${name ? `a post by ${name}` : 'a post'}`,
    dm: `message to ${name ?? 'a contact'}`,
    post: 'post',
  }[input.approval.kind];
  // A subject is one line, and short.
  return oneLine(`${input.purpose === 'reminder' ? 'Reminder: approve' : 'Approve'} your ${what}`).slice(0, 150);
}

/** The email to the account's owner: who asks, the drafted text, the link, the deadline. */
export function approvalEmail(input: ApprovalMessageInput): EmailMessage {
  const { action, target } = whatWaits(input);
  const deadline = deadlineOf(input.approval.validUntil);
  const opening =
    input.purpose === 'reminder'
      ? `A reminder: ${action} ${target} still waits for your approval, and expires at ${deadline}.`
      : `Your outreach workspace asks you to approve ${action} ${target} before it is sent.`;
  const text = [
    opening,
    '',
    'The drafted text:',
    '',
    ...input.approval.text.split('\n').map((line) => `> ${line}`),
    '',
    `Approve, edit or reject it here (until ${deadline}):`,
    input.link,
    '',
    'Undecided by then, it is not sent. This link is for you alone: do not forward it.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subjectOf(input))}</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;color:#1d2226;max-width:40rem">
<p>${escapeHtml(opening)}</p>
<p style="font-weight:600">The drafted text:</p>
<blockquote style="white-space:pre-wrap;border-left:4px solid #ccc;margin:0;padding:.5rem 1rem">${escapeHtml(input.approval.text)}</blockquote>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:.5rem 1rem;background:#0a66c2;color:#fff;text-decoration:none;border-radius:4px">Approve, edit or reject</a></p>
<p style="color:#555;font-size:.9rem">Until ${escapeHtml(deadline)}. Undecided by then, it is not sent. This link is for you alone: do not forward it.</p>
</body></html>`;
  return { subject: subjectOf(input), text, html };
}

/** Slack's three characters of markup, escaped as its docs ask, so that a text cannot mention or link. */
function slackEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The Slack message (incoming webhook `text`, mrkdwn): the same request, with the link. */
export function approvalSlackText(input: ApprovalMessageInput): string {
  const { action, target } = whatWaits(input);
  const deadline = deadlineOf(input.approval.validUntil);
  const head = input.purpose === 'reminder' ? ':hourglass: Reminder: approval still waiting' : ':raised_hand: Approval requested';
  const quoted = input.approval.text
    .split('\n')
    .map((line) => `>${slackEscape(line)}`)
    .join('\n');
  return `*${head}*: ${slackEscape(action)} ${slackEscape(target)}\n${quoted}\n<${input.link}|Approve, edit or reject> before ${deadline}.`;
}

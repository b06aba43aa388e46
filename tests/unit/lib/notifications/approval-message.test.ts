import { approvalEmail, approvalSlackText, type ApprovalMessageInput } from '../../../../lib/notifications/approval-message';

const input = (
  overrides: Partial<ApprovalMessageInput['approval']> = {},
  purpose: 'request' | 'reminder' = 'request',
): ApprovalMessageInput => ({
  approval: {
    kind: 'dm',
    sender: { accountId: 'acc_1', name: 'Alice <b>Martin</b>', profileUrl: 'https://www.linkedin.com/in/alice' },
    target: { url: 'https://www.linkedin.com/in/jane-doe', name: 'Jane "JD" Doe' },
    text: 'Hi Jane,\n<script>alert(1)</script> & <@U123> see <https://evil.example|here>',
    validUntil: '2026-12-02T14:30:00.000Z',
    ...overrides,
  },
  purpose,
  link: 'https://api.example.com/approve/AbC123',
});

describe('approvalEmail', () => {
  it('says who asks, the drafted text, the link and the deadline, in text and HTML', () => {
    const mail = approvalEmail(input());

    expect(mail.subject).toBe('Approve your message to Jane "JD" Doe');
    expect(mail.text).toContain(
      'approve a message from your account Alice <b>Martin</b> to Jane "JD" Doe (https://www.linkedin.com/in/jane-doe)',
    );
    expect(mail.text).toContain('> Hi Jane,\n> <script>alert(1)</script>');
    expect(mail.text).toContain('https://api.example.com/approve/AbC123');
    expect(mail.text).toContain('until 2026-12-02 14:30 UTC');
    expect(mail.html).toContain('href="https://api.example.com/approve/AbC123"');
    expect(mail.html).toContain('2026-12-02 14:30 UTC');
  });

  it('escapes everything the approval holds in the HTML, and loads nothing from elsewhere', () => {
    const { html } = approvalEmail(input());

    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Alice &lt;b&gt;Martin&lt;/b&gt;');
    expect(html).not.toMatch(/<img|<link|src=|url\(/i);
  });

  it('says a reminder is one, and keeps the subject on one line', () => {
    const mail = approvalEmail(
      input(
        { kind: 'comment', target: { url: 'https://www.linkedin.com/feed/update/urn:li:activity:1/', name: 'Line\nbreak' } },
        'reminder',
      ),
    );

    expect(mail.subject).toBe('Reminder: approve your comment on a post by Line break');
    expect(mail.text).toMatch(
      /^A reminder: a comment from your account .* still waits for your approval, and expires at 2026-12-02 14:30 UTC\./,
    );
  });
});

describe('approvalEmail of a post', () => {
  it('asks its author for their post, on their own profile', () => {
    const mail = approvalEmail(input({ kind: 'post', target: { url: 'https://www.linkedin.com/in/alice' } }));

    expect(mail.subject).toBe('Approve your post');
    expect(mail.text).toContain('approve a post from your account Alice <b>Martin</b> on its profile (https://www.linkedin.com/in/alice)');
  });
});

describe('approvalSlackText', () => {
  it('escapes Slack markup so the text can neither mention nor link, and links to the page', () => {
    const text = approvalSlackText(input());

    expect(text).toContain('&lt;@U123&gt;');
    expect(text).toContain('&lt;https://evil.example|here&gt;');
    expect(text).toContain('&amp;');
    expect(text).toContain('<https://api.example.com/approve/AbC123|Approve, edit or reject> before 2026-12-02 14:30 UTC.');
    expect(text.split('\n')[1]).toBe('>Hi Jane,');
  });
});

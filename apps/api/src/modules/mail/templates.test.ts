import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

describe('account e-mails', () => {
  it("write a channel's name as it is, even with `$&`, `$'` or `` $` `` in it", () => {
    const channel = "Club $& $' $` $$ <One>";
    const mail = renderMail('verify_email', {
      language: 'en',
      channel,
      to: 'fan@example.com',
      link: 'https://example.com/verify?code=1',
      hours: 24,
    });
    expect(mail.subject).toBe(`Confirm your e-mail for ${channel}`);
    expect(mail.text).toContain(`Welcome to ${channel}!`);
    expect(mail.html).toContain('Welcome to Club $&amp; $&#39; $` $$ &lt;One&gt;!');
  });
});

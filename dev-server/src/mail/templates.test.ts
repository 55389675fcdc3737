/** The mail templates: both parts from one template, the site's name, why-lines, escaping, links on the site only. */
import { SHARE_DESCRIPTION_MAX, truncateWithEllipsis } from 'shared-contracts/server';
import {
  EMAIL_CHANGED_NOTICE_SUBJECT,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  emailVerificationMail,
  defangLinks,
  escapeHtml,
  linkLifetime,
  MAIL_SITE_NAME,
  mailMessage,
  maskEmail,
  passwordResetMail,
  RESET_MAIL_SUBJECT,
  shareMailTemplate,
  siteLink,
  type RenderedMail,
} from './templates';

const ORIGIN = 'https://www.example.com';
const TOKEN = 'A'.repeat(43);

const every: RenderedMail[] = [
  passwordResetMail({ origin: ORIGIN, token: TOKEN }),
  shareMailTemplate({ origin: ORIGIN, sender: 'Ann', senderEmail: 'ann@example.org', title: 'Leading Teams', path: '/2025/06/leading-teams' }),
  emailVerificationMail({ origin: ORIGIN, token: TOKEN, path: '/verify-email', ttlMinutes: 1440 }),
  emailChangeNoticeMail({ origin: ORIGIN, newEmail: 'new@example.org' }),
  emailChangeNoticeMail({ origin: ORIGIN, newEmail: 'new@example.org', changed: true }),
  emailChangeConfirmationMail({ origin: ORIGIN, token: TOKEN, path: '/confirm-email', ttlMinutes: 60 }),
];

describe('mail templates', () => {
  it.each(every.map((m) => [`${m.kind} (${m.subject})`, m] as const))('%s: names the site and says why the reader got it, in both parts', (_kind, mail) => {
    expect(mail.text).toContain(MAIL_SITE_NAME);
    expect(mail.html).toContain(escapeHtml(MAIL_SITE_NAME));
    expect(mail.text).toMatch(/You got this mail because /);
    expect(mail.html).toMatch(/You got this mail because /);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    // Every link in either part is on the public origin.
    const links = [...mail.text.matchAll(/https?:\/\/[^\s"<]+/g), ...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link.replace(/&amp;/g, '&')).origin).toBe(ORIGIN);
  });

  it('the reset mail carries the link with its token in both parts, and keeps its subject', () => {
    const mail = passwordResetMail({ origin: `${ORIGIN}/some/path`, token: TOKEN });
    expect(mail.subject).toBe(RESET_MAIL_SUBJECT);
    expect(mail.text).toContain(`Choose a new password here: ${ORIGIN}/reset-password?token=${TOKEN}`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/reset-password?token=${TOKEN}">`);
    expect(mailMessage('a@example.org', mail)).toEqual({
      to: 'a@example.org',
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      kind: 'password-reset',
    });
  });

  it('escapes every interpolated value in the HTML part, and keeps values on their lines in headers', () => {
    const mail = shareMailTemplate({
      origin: ORIGIN,
      sender: '<script>alert(1)</script>\r\nBcc: victim@example.org',
      senderEmail: null,
      title: '"><img src=x onerror=alert(1)>',
      path: '/2025/06/a?x=<b>&y="1"',
      description: '<b>bold</b> & more',
      message: 'line one\n<a href="https://evil.example">click</a>',
    });
    expect(mail.html).not.toMatch(/<script>|<img |<b>|<a href="https:\/\/evil/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Bcc: victim@example.org');
    expect(mail.text).toContain('> line one\n> <a href="hxxps[://]evil[.]example">click</a>');
  });

  it("defangs the addresses in a member's words so no mail client links them, and leaves prose as written", () => {
    expect(defangLinks('Unlock: https://bank.example.evil/x?y=1 or HTTP://Bank.Example')).toBe(
      'Unlock: hxxps[://]bank[.]example[.]evil/x?y=1 or hxxp[://]Bank[.]Example',
    );
    expect(defangLinks('www.evil.example, paypal.com/login, help@bank.example, ftp://10.0.0.1/f')).toBe(
      'www[.]evil[.]example, paypal[.]com/login, help@bank[.]example, fxp[://]10[.]0[.]0[.]1/f',
    );
    // Full stops a client may read as a host's dot (ideographic, fullwidth, halfwidth).
    expect(defangLinks('evil\u3002com evil\uFF0Ecom evil\uFF61com')).toBe('evil[.]com evil[.]com evil[.]com');
    expect(defangLinks('e.g. at 3.30 pm, version 2.0, i.e. soon. Thanks!')).toBe('e.g. at 3.30 pm, version 2.0, i.e. soon. Thanks!');
  });

  it('refuses to build a link off the site', () => {
    for (const path of ['//evil.example/x', 'https://evil.example/', 'evil', '/\\evil.example', '/a\r\nb']) {
      expect(() => siteLink(ORIGIN, path)).toThrow(/not a path of this site/);
    }
    expect(() => shareMailTemplate({ origin: ORIGIN, sender: 'a', senderEmail: null, title: 't', path: '//evil.example' })).toThrow();
    expect(siteLink(ORIGIN, '/reset-password', { token: 'a&b=c' })).toBe(`${ORIGIN}/reset-password?token=a%26b%3Dc`);
  });

  it('the share mail cuts a long description as the share rules do, and names a member by address alone when told to', () => {
    const mail = shareMailTemplate({
      origin: ORIGIN,
      sender: 'member@example.org',
      senderEmail: null,
      title: 'T',
      path: '/video/1',
      description: 'x'.repeat(1000),
    });
    expect(mail.text).toContain(truncateWithEllipsis('x'.repeat(1000), SHARE_DESCRIPTION_MAX));
    expect(mail.text).not.toContain('x'.repeat(SHARE_DESCRIPTION_MAX + 1));
    expect(mail.text).toContain('member@example.org shared this with you:');
    expect(mail.text).toContain(`T: ${ORIGIN}/video/1`);
  });

  it('the change notice shows the new address masked', () => {
    expect(maskEmail('newname@example.org')).toBe('n•••@example.org');
    const mail = emailChangeNoticeMail({ origin: ORIGIN, newEmail: 'newname@example.org' });
    expect(mail.text).toContain('n•••@example.org');
    expect(mail.text).not.toContain('newname');
    expect(mail.text).toContain(`${ORIGIN}/subscriber-help#contact-customer-service`);
    const done = emailChangeNoticeMail({ origin: ORIGIN, newEmail: 'newname@example.org', changed: true });
    expect(done).toMatchObject({ kind: 'email-change-notice', subject: EMAIL_CHANGED_NOTICE_SUBJECT });
    expect(done.text).toContain('has been changed to n•••@example.org');
    expect(done.text).not.toContain('newname');
  });

  it('says how long a link works in minutes, or in hours when whole hours', () => {
    expect(linkLifetime(60)).toBe('60 minutes');
    expect(linkLifetime(1440)).toBe('24 hours');
    expect(linkLifetime(90)).toBe('90 minutes');
    expect(emailVerificationMail({ origin: ORIGIN, token: TOKEN, path: '/verify-email', ttlMinutes: 1440 }).text).toContain('within 24 hours');
    expect(passwordResetMail({ origin: ORIGIN, token: TOKEN }).text).toContain('within 60 minutes');
  });
});

/** SMTP_URL and MAIL_FROM: how they are read, what is refused, and what a log may show. */
import { DEFAULT_MAIL_FROM, settingsFromEnv } from '../config';
import { describeSmtpUrl, smtpOptionsFromUrl } from './smtp';

describe('SMTP settings', () => {
  it('smtp:// is STARTTLS on 587, required for any host but this machine; smtps:// is TLS on 465', () => {
    expect(smtpOptionsFromUrl('smtp://user:p%40ss@mail.example.com')).toMatchObject({
      host: 'mail.example.com',
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: 'user', pass: 'p@ss' },
      tls: { rejectUnauthorized: true },
    });
    expect(smtpOptionsFromUrl('smtps://user:pass@mail.example.com')).toMatchObject({ port: 465, secure: true, requireTLS: false });
    expect(smtpOptionsFromUrl('smtp://127.0.0.1:2525')).toMatchObject({ port: 2525, secure: false, requireTLS: false });
    expect(smtpOptionsFromUrl('smtp://127.0.0.1:2525')).not.toHaveProperty('auth');
  });

  it('refuses other schemes and nonsense, without echoing the password', () => {
    for (const bad of ['http://user:hunter2@mail.example.com', 'mail.example.com:587', 'smtp://']) {
      expect(() => settingsFromEnv({ SMTP_URL: bad })).toThrow(/SMTP_URL/);
      try {
        settingsFromEnv({ SMTP_URL: bad });
      } catch (error) {
        expect(String(error)).not.toContain('hunter2');
      }
    }
  });

  it('a log line shows the server, never the credentials', () => {
    expect(describeSmtpUrl('smtp://user:hunter2@mail.example.com:587')).toBe('smtp://mail.example.com:587 (STARTTLS required)');
  });

  it('reads SMTP_URL and MAIL_FROM; without SMTP_URL mail stays in the outbox', () => {
    expect(settingsFromEnv({})).toMatchObject({ smtpUrl: undefined, mailFrom: DEFAULT_MAIL_FROM });
    expect(DEFAULT_MAIL_FROM).toBe('"The Management Review" <no-reply@localhost>');
    expect(settingsFromEnv({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'Site <news@example.com>' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.com',
      mailFrom: 'Site <news@example.com>',
    });
    expect(() => settingsFromEnv({ MAIL_FROM: 'a@example.com\r\nBcc: x@example.org' })).toThrow(/MAIL_FROM/);
    expect(() => settingsFromEnv({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });
});

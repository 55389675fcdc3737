/** startServer with SMTP_URL: the API process runs the mail worker, and close() stops it. */
import { CSRF_HEADER, CSRF_VALUE, MESSAGES } from 'shared-contracts/server';
import { startServer } from '../server';
import { DEMO_READER } from '../seed/demo-users';
import { startTestSmtpServer } from './test-smtp-server';

jest.setTimeout(30_000);

/** Resolves once `check` holds (checked every 10 ms), or fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('delivers a forgot-password mail through SMTP_URL from MAIL_FROM, and stops on close', async () => {
  const smtp = await startTestSmtpServer();
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    databaseFile: ':memory:',
    smtpUrl: smtp.url,
    mailFrom: '"The Management Review" <no-reply@example.com>',
    mailPollIntervalMs: 20,
  });
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/user/forgotpassword`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: CSRF_VALUE, Origin: server.url },
      body: JSON.stringify({ emailAddress: DEMO_READER.email, deviceType: 'WEB_SITE', reCaptchaToken: 'x' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: MESSAGES.forgotPassword.success });
    await until(async () => {
      const row = await server.db.selectFrom('outbox').select('status').where('to_address', '=', DEMO_READER.email).executeTakeFirst();
      return row?.status === 'sent';
    });
    expect(smtp.received.map((m) => [m.from, m.to])).toEqual([['no-reply@example.com', [DEMO_READER.email]]]);
  } finally {
    await server.close();
    await smtp.close();
  }
});

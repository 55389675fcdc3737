/**
 * A real SMTP server for tests, in process on 127.0.0.1 (smtp-server, no TLS): it records each
 * message it accepts, and can be told to refuse recipients (a 4xx or 5xx answer) for a while.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as received (headers and body, transfer-encoded). */
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** The next `count` recipients get this SMTP answer code (e.g. 451 or 550) instead of acceptance. */
  refuseNext(count: number, code: number): void;
  close(): Promise<void>;
}

/** A port that nothing listens on just now (a server that is down). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startTestSmtpServer(options: { port?: number; user?: string; pass?: string } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals: { count: number; code: number } = { count: 0, code: 451 };
  const server = new SMTPServer({
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: options.user === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (refusals.count > 0) {
        refusals = { ...refusals, count: refusals.count - 1 };
        callback(Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  const credentials = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.pass ?? '')}@` : '';
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A quoted-printable part decoded (soft line breaks joined), enough to read a test message's text. */
export function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

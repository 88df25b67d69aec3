import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string };

export type MailSink = {
  /** The SMTP_URL that delivers here. */
  url: string;
  /** Every message received, oldest first. */
  received: readonly ReceivedMail[];
  /**
   * The newest message to this address (and with this subject) received so far, else the next one
   * to arrive; rejects after `timeoutMs`. Delivery runs in the background of the request that sent
   * it, so a test waits rather than reads.
   */
  waitFor(to: string, options?: { subject?: string; timeoutMs?: number }): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

/** Sinks of this process by their URL, so a helper holding only an app can find where it delivers. */
const running = new Map<string, MailSink>();

/** The sink an app built with `smtpUrl` delivers to. */
export function mailSinkAt(smtpUrl: string | undefined): MailSink {
  const sink = smtpUrl === undefined ? undefined : running.get(smtpUrl);
  if (!sink) throw new Error(`no mail sink of this process listens at ${smtpUrl ?? '(no SMTP_URL)'}`);
  return sink;
}

/**
 * A stand-in for the mail service outside the product: a real SMTP server on 127.0.0.1 (a free
 * port) that keeps every message, decoded as the recipient's mail program would show it.
 */
export async function startMailSink(): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP on loopback, as the product's nodemailer speaks to an smtp:// URL without credentials.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const listener of listeners) listener();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;

  const newest = (to: string, subject: string | undefined) => {
    const address = to.toLowerCase();
    for (let index = received.length - 1; index >= 0; index -= 1) {
      const mail = received[index];
      if (mail && mail.to.includes(address) && (subject === undefined || mail.subject === subject)) return mail;
    }
    return undefined;
  };

  const sink: MailSink = {
    url,
    received,
    waitFor(to, { subject, timeoutMs = 5_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = newest(to, subject);
          if (!mail) return;
          finish();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          finish();
          const seen = received.map((mail) => `${mail.to.join(', ')}: ${mail.subject}`).join('; ') || 'nothing';
          reject(new Error(`no e-mail to ${to}${subject ? ` titled '${subject}'` : ''} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async stop() {
      running.delete(url);
      await new Promise<void>((resolve) => server.close(resolve));
    },
  };
  running.set(url, sink);
  return sink;
}

/** The token of the link to `path` (e.g. '/reset-password') in a message. */
export function linkToken(mail: ReceivedMail, path: string): string {
  for (const word of mail.text.split(/\s+/)) {
    if (!URL.canParse(word)) continue;
    const link = new URL(word);
    const token = link.searchParams.get('token');
    if (link.pathname === path && token) return token;
  }
  throw new Error(`no ${path} link in the e-mail '${mail.subject}': ${mail.text}`);
}

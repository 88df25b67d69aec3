import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import type { Config } from '../config.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { describeEachDatabase, testConfig, type TestContext } from '../test/harness.ts';
import { core } from './core.ts';
import { mail, removedSecret } from './mail.ts';

type LogLine = { level: number; msg: string; mail?: { to: string; subject: string; text: string } };

let counter = 0;
const message = () => {
  counter += 1;
  const link = `http://meridian.test/reset-password?token=secret-${counter}-${Date.now().toString(36)}`;
  return {
    firmId: null,
    to: `mail${counter}@example.com`,
    subject: 'Reset your Meridian password',
    text: `Open ${link} within 30 minutes.\n`,
    secrets: [link],
    link,
  };
};

const open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

/** The mail plugin alone on the test database, with its log lines collected. */
async function mailApp(t: TestContext, overrides: Partial<Config>) {
  const lines: LogLine[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  open.push(app);
  await app.register(core, { config: testConfig(overrides), db: t.db, now: () => new Date() });
  await app.register(mail);
  await app.ready();
  return { app, lines };
}

const storedFor = async (t: TestContext, to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];

describeEachDatabase('mail', (t) => {
  it('delivers the whole message over SMTP and records it without its secrets', async () => {
    const { app } = await mailApp(t, { smtpUrl: t.mail.url });
    const sent = message();
    await app.mail.send(sent);
    const received = await t.mail.waitFor(sent.to, { subject: sent.subject });
    expect(received.text.trim()).toBe(sent.text.trim());
    const stored = await vi.waitFor(async () => {
      const row = await storedFor(t, sent.to);
      expect(row?.sentAt).toBeInstanceOf(Date);
      return row;
    });
    expect(stored?.text).toBe(`Open ${removedSecret} within 30 minutes.\n`);
    expect(stored?.error).toBeNull();
  });

  it('closing waits for a message still being delivered, which exists nowhere else', async () => {
    const { app } = await mailApp(t, { smtpUrl: t.mail.url });
    const sent = message();
    await app.mail.send(sent);
    await app.close();
    expect(t.mail.received.some((mail) => mail.to.includes(sent.to))).toBe(true);
  });

  it('stamps the error when the mail server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { app, lines } = await mailApp(t, { smtpUrl: `smtp://127.0.0.1:${port}` });
    const sent = message();
    await app.mail.send(sent);
    await app.close();
    expect((await storedFor(t, sent.to))?.error).toMatch(/ECONNREFUSED/);
    expect(lines.find((line) => line.msg === 'mail delivery failed')).toMatchObject({ level: 50 });
  });

  it('without SMTP outside production, writes the whole message to the log at info level', async () => {
    const { app, lines } = await mailApp(t, { smtpUrl: undefined, nodeEnv: 'development' });
    const sent = message();
    await app.mail.send(sent);
    const logged = lines.find((line) => line.mail?.to === sent.to);
    expect(logged).toMatchObject({ level: 30, mail: { subject: sent.subject, text: sent.text } });
    expect(logged?.mail?.text).toContain(sent.link);
    expect((await storedFor(t, sent.to))?.text).not.toContain(sent.link);
  });

  it('without SMTP in production, warns once at start-up and logs no message', async () => {
    const { app, lines } = await mailApp(t, { smtpUrl: undefined, nodeEnv: 'production' });
    const sent = message();
    await app.mail.send(sent);
    await app.mail.send(message());
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
      'SMTP_URL is not set: e-mail is recorded in mail_outbox but not delivered',
    ]);
    expect(JSON.stringify(lines)).not.toContain(sent.link);
    expect((await storedFor(t, sent.to))?.sentAt).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema/mail.ts';

export type OutgoingMail = { firmId: string | null; to: string; subject: string; text: string; html?: string };

declare module 'fastify' {
  interface FastifyInstance {
    mail: { send(mail: OutgoingMail): Promise<void> };
  }
}

/**
 * Every message lands in mail_outbox (so a single machine needs no mail server and tests can read
 * it); with SMTP_URL it is also delivered, in the background so the caller's timing reveals nothing.
 */
export const mail = fp(async (app) => {
  const transport = app.config.smtpUrl ? nodemailer.createTransport(app.config.smtpUrl) : null;

  async function deliver(id: string, message: OutgoingMail): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({ from: app.config.mailFrom, ...message });
      await app.db.update(mailOutbox).set({ sentAt: app.now() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      app.log.error({ err: error, to: message.to }, 'mail delivery failed');
      await app.db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, id)).catch(() => {});
    }
  }

  app.decorate('mail', {
    async send(message: OutgoingMail) {
      const [row] = await app.db
        .insert(mailOutbox)
        .values({ ...message, html: message.html ?? null, createdAt: app.now() })
        .returning({ id: mailOutbox.id });
      if (row) void deliver(row.id, message);
    },
  });
  app.addHook('onClose', async () => transport?.close());
});

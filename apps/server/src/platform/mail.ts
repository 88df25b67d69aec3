import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema/mail.ts';

export type OutgoingMail = {
  firmId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Parts of the message that grant access (a link carrying a reset or registration token): they
   * reach the recipient, but the outbox keeps the message without them.
   */
  secrets?: string[];
};

/** What the outbox holds in place of each secret of a message. */
export const removedSecret = '[link removed: sent to the recipient only]';

const withoutSecrets = (content: string, secrets: string[]) =>
  secrets.reduce((kept, secret) => kept.replaceAll(secret, removedSecret), content);

declare module 'fastify' {
  interface FastifyInstance {
    mail: { send(mail: OutgoingMail): Promise<void> };
  }
}

/**
 * Every message is recorded in mail_outbox without its secrets, so the table is an audit of what
 * was sent and never a list of live links. The full message exists only in memory: with SMTP_URL
 * it is delivered in the background (the caller's timing reveals nothing) and sent_at or error is
 * stamped. Without SMTP_URL, outside production, it is written to the log at info level: that is how
 * a developer on `npm start` follows a reset or registration link. In production without SMTP_URL
 * nothing is delivered, which start-up warns about once.
 */
export const mail = fp(async (app) => {
  const { smtpUrl, mailFrom, nodeEnv } = app.config;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  if (!transport && nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: e-mail is recorded in mail_outbox but not delivered');
  }
  const deliveries = new Set<Promise<void>>();

  async function deliver(smtp: nodemailer.Transporter, id: string, message: OutgoingMail): Promise<void> {
    try {
      await smtp.sendMail({ from: mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
      await app.db.update(mailOutbox).set({ sentAt: app.now() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      app.log.error({ err: error, to: message.to }, 'mail delivery failed');
      await app.db
        .update(mailOutbox)
        .set({ error: String(error) })
        .where(eq(mailOutbox.id, id))
        .catch(() => {});
    }
  }

  app.decorate('mail', {
    async send(message: OutgoingMail) {
      const secrets = message.secrets ?? [];
      const [row] = await app.db
        .insert(mailOutbox)
        .values({
          firmId: message.firmId,
          to: message.to,
          subject: message.subject,
          text: withoutSecrets(message.text, secrets),
          html: message.html === undefined ? null : withoutSecrets(message.html, secrets),
          createdAt: app.now(),
        })
        .returning({ id: mailOutbox.id });
      if (!row) return;
      if (transport) {
        const delivery = deliver(transport, row.id, message).finally(() => deliveries.delete(delivery));
        deliveries.add(delivery);
      } else if (nodeEnv !== 'production') {
        app.log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'no SMTP_URL, so this e-mail is written here instead of sent',
        );
      }
    },
  });
  // A message being delivered exists nowhere else, so closing waits for it.
  app.addHook('onClose', async () => {
    await Promise.all(deliveries);
    transport?.close();
  });
});

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  userId?: string | null;
  firmId?: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditFn = (request: FastifyRequest, entry: AuditEntry, db?: Db) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes one audit row with the caller's address and user agent; pass `tx` inside a transaction. */
    audit: AuditFn;
  }
}

export const audit = fp(async (app) => {
  const write: AuditFn = async (request, entry, db = app.db) => {
    await db.insert(auditLog).values({
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      userId: entry.userId ?? request.auth?.user.id ?? null,
      firmId: entry.firmId ?? request.auth?.user.firmId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: app.now(),
    });
  };
  app.decorate('audit', write);
});

import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/clients.ts';

/** Keeps the client list's assessment status that of each client's latest assessment. */
export async function refreshAssessmentStatus(tx: Db, clientIds: string | readonly string[]) {
  const ids = typeof clientIds === 'string' ? [clientIds] : clientIds;
  if (ids.length === 0) return;
  await tx
    .update(clients)
    .set({
      assessmentStatus: sql`coalesce((select r.status from assessment_responses r where r.client_id = ${clients.id} and r.deleted_at is null order by r.created_at desc, r.id desc limit 1), 'pending')`,
    })
    .where(inArray(clients.id, [...ids]));
}

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import { plannerSettings } from './client.ts';

describeEachDatabase('planner settings', (t) => {
  it('every connection plans with them, outside any transaction', async () => {
    // Twelve at once: more than the pool's ten connections, so each of them answers at least once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const result = await t.db.execute<{ random_page_cost: string }>(sql`show random_page_cost`);
        return result.rows[0]?.random_page_cost;
      }),
    );
    expect(answers).toEqual(Array(12).fill(plannerSettings.random_page_cost));
  });
});

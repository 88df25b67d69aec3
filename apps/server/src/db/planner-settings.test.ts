import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.ts';
import { plannerSettings } from './client.ts';

describeEachDatabase('planner settings', (t) => {
  it('every connection plans with them, outside any transaction', async () => {
    const settingsOfOneConnection = async () => {
      const result = (await t.db.execute(
        sql`select name, setting from pg_settings where name in ('random_page_cost', 'plan_cache_mode')`,
      )) as unknown as {
        rows: { name: string; setting: string }[];
      };
      return Object.fromEntries(result.rows.map((row) => [row.name, row.setting]));
    };
    // Twelve at once: more than the pool's ten connections, so each of them answers at least once.
    const answers = await Promise.all(Array.from({ length: 12 }, settingsOfOneConnection));
    expect(answers).toEqual(Array(12).fill({ ...plannerSettings }));
  });
});

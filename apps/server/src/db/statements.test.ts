import { eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { demo } from '../test/api.ts';
import { describeEachDatabase } from '../test/harness.ts';
import { users } from './schema/users.ts';
import { placeholders, StatementCache } from './statements.ts';

describeEachDatabase('statements built once per shape', (t) => {
  it('builds a shape once and answers each call with its own values', async () => {
    const cache = new StatementCache('test_by_email');
    let builds = 0;
    const byEmail = (email: string) => {
      const values = placeholders();
      const where = eq(users.email, values.bind('email', email));
      return cache.run(t.db, values.shape(), () => (builds++, t.db.select({ email: users.email }).from(users).where(where)), values.values);
    };
    expect(await byEmail(demo.admin.email)).toEqual([{ email: demo.admin.email }]);
    expect(await byEmail(demo.alex.email)).toEqual([{ email: demo.alex.email }]);
    expect(await byEmail('nobody@example.com')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('past its capacity, builds and runs each call of a new shape without keeping it', async () => {
    const cache = new StatementCache('test_capacity', 1);
    let builds = 0;
    const find = (column: 'email' | 'firstName', pattern: string) => {
      const values = placeholders();
      const where = like(users[column], values.bind(column, pattern));
      return cache.run(t.db, values.shape(), () => (builds++, t.db.select({ email: users.email }).from(users).where(where)), values.values);
    };
    expect(await find('email', demo.alex.email)).toEqual([{ email: demo.alex.email }]);
    expect(await find('email', demo.admin.email)).toEqual([{ email: demo.admin.email }]);
    expect(builds).toBe(1);
    // A second shape: the cache is full, so each call builds it afresh, with the right answer.
    expect(await find('firstName', 'Alex')).toEqual([{ email: demo.alex.email }]);
    expect(await find('firstName', 'Nobody')).toEqual([]);
    expect(builds).toBe(3);
  });
});

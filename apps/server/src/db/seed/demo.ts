import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { firms } from '../schema/firms.ts';
import { users } from '../schema/users.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { demoAccounts, demoFirmName } from './demo-accounts.ts';
import { seedDemoClients } from './demo-clients.ts';
import { marketDate } from '@meridian/domain/shared/trading-calendar';
import { extendValuations } from '../../modules/valuations/valuations.service.ts';
import { seedDemoPortfolios } from './demo-portfolios.ts';
import { seedDemoLedgerCorrections } from './demo-ledger-corrections.ts';
import { seedDemoAdvice } from './demo-advice.ts';
import { seedDemoAssessments } from './demo-assessments.ts';
import { seedDemoCheckIns } from './demo-check-ins.ts';
import { demoMarketEndDate, seedMarket } from './market.ts';

/** True when the database holds no user yet (a first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) === 0;
}

/** Creates the securities master with 5 years of simulated closes (unless present), the demo firm and its accounts. Callers check isEmpty first. */
export async function seedDemo(db: Db, options: { now?: () => Date } = {}): Promise<void> {
  await seedMarket(db, { endDate: demoMarketEndDate(options.now?.() ?? new Date()), years: 5 });
  const hashes = await Promise.all(demoAccounts.map((account) => hashPassword(account.password)));
  await db.transaction(async (tx) => {
    const [firm] = await tx.insert(firms).values({ name: demoFirmName, kind: 'firm' }).returning({ id: firms.id });
    if (!firm) throw new Error('Could not create the demo firm');
    await tx.insert(users).values(
      demoAccounts.map((account, index) => ({
        firmId: firm.id,
        email: account.email,
        passwordHash: hashes[index] ?? '',
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone,
        role: account.role,
        passwordMustChange: account.passwordMustChange,
      })),
    );
  });
  await seedDemoClients(db, options);
  // Keep last: portfolios are built from the clients table and the market's closes, so this runs
  // after the market, the firm and the clients are seeded (it finds no clients until they are).
  await seedDemoPortfolios(db);
  await seedDemoLedgerCorrections(db);
  // Their daily valuations, from each ledger's first day to the latest trading day.
  await extendValuations(db, marketDate(options.now?.() ?? new Date()));
  // Questionnaires set the clients' bands, which the models they follow and the recommendations go by.
  await seedDemoAssessments(db, options.now?.() ?? new Date());
  await seedDemoCheckIns(db, options.now?.() ?? new Date());
  // Models, who follows them, and the demo advisor's first recommendations: after the holdings exist.
  await seedDemoAdvice(db, marketDate(options.now?.() ?? new Date()));
}

/** The accounts as printed on first start. */
export function describeDemoAccounts(): string {
  const lines = demoAccounts.map(
    (a) =>
      `  ${a.role.padEnd(8)} ${a.email.padEnd(36)} ${a.password.padEnd(14)} ${a.firstName} ${a.lastName}${a.passwordMustChange ? ' (must change password)' : ''}`,
  );
  return [`Demo firm "${demoFirmName}" created. Sign in with:`, ...lines].join('\n');
}

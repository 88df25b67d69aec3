import { inArray } from 'drizzle-orm';
import type { RiskBand } from '@meridian/domain/model-portfolios/contracts';
import type { Db } from '../../db/client.ts';
import { modelPortfolios, modelPortfolioTargets } from '../../db/schema/model-portfolios.ts';
import { securities } from '../../db/schema/securities.ts';

/**
 * The five models every new practice starts with, one per risk band, built from broad, low-cost
 * index funds: the stock share rises from 20 % to 90 % across the bands, the rest in bonds, cash and
 * real assets. Firms edit them or add their own; a firm created before the securities list exists
 * (none is) gets what the list holds.
 */
export const starterModels: ReadonlyArray<{ name: string; riskBand: RiskBand; description: string; targets: Record<string, number> }> = [
  {
    name: 'Conservative Income',
    riskBand: 'conservative',
    description: 'Capital preservation with some growth: 20% stocks, 70% high-quality bonds, 10% Treasury bills.',
    targets: { AGG: 0.35, BND: 0.15, SHY: 0.15, TIP: 0.05, VTI: 0.15, VXUS: 0.05, SGOV: 0.1 },
  },
  {
    name: 'Moderately Conservative',
    riskBand: 'moderately_conservative',
    description: 'Income first, growth second: 35% stocks, 50% bonds, real estate, gold and cash for balance.',
    targets: { AGG: 0.3, BND: 0.1, TIP: 0.05, SHY: 0.05, VTI: 0.25, VXUS: 0.1, VNQ: 0.05, SGOV: 0.05, GLD: 0.05 },
  },
  {
    name: 'Balanced Growth',
    riskBand: 'moderate',
    description: 'The classic balanced mix: 50% US and international stocks, 40% bonds, real estate and gold.',
    targets: { VTI: 0.35, VXUS: 0.15, VNQ: 0.05, AGG: 0.25, BND: 0.1, TIP: 0.05, GLD: 0.05 },
  },
  {
    name: 'Growth',
    riskBand: 'moderately_aggressive',
    description: 'Long-term growth: 75% stocks across sizes and regions, 15% bonds.',
    targets: { VTI: 0.45, VXUS: 0.2, VWO: 0.05, IJR: 0.05, VNQ: 0.05, AGG: 0.15, GLD: 0.05 },
  },
  {
    name: 'Aggressive Growth',
    riskBand: 'aggressive',
    description: 'Maximum growth for long horizons: 90% stocks including emerging markets and small caps.',
    targets: { VTI: 0.5, VXUS: 0.2, VWO: 0.1, IJR: 0.05, QQQ: 0.05, VNQ: 0.05, AGG: 0.05 },
  },
];

/** Gives a firm the starter models (in `tx` when the firm is being created). */
export async function addStarterModels(db: Db, firmId: string, createdBy: string | null = null): Promise<void> {
  const symbols = [...new Set(starterModels.flatMap((model) => Object.keys(model.targets)))];
  const rows = await db
    .select({ id: securities.id, symbol: securities.symbol })
    .from(securities)
    .where(inArray(securities.symbol, symbols));
  const idOf = new Map(rows.map((row) => [row.symbol, row.id]));
  for (const model of starterModels) {
    const targets = Object.entries(model.targets).filter(([symbol]) => idOf.has(symbol));
    if (targets.length === 0) continue;
    const total = targets.reduce((sum, [, weight]) => sum + weight, 0);
    const [created] = await db
      .insert(modelPortfolios)
      .values({ firmId, name: model.name, description: model.description, riskBand: model.riskBand, createdBy })
      .returning({ id: modelPortfolios.id });
    // Weights are scaled to 1 should a fund be missing from the list.
    await db.insert(modelPortfolioTargets).values(
      targets.map(([symbol, weight], position) => ({
        modelId: created!.id,
        position,
        securityId: idOf.get(symbol)!,
        weight: weight / total,
      })),
    );
  }
}

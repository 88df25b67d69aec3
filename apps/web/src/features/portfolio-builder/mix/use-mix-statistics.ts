import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { assetClassVehicleSymbols } from '@meridian/domain/model-portfolios/contracts';
import { assetClasses, type AssetClass } from '@meridian/domain/securities/contracts';
import type { Draft } from '../build-draft.ts';
import { mixStatistics } from './mix-figures.ts';
import { useSecuritiesBySymbolQuery, useSecurityStatisticsQuery } from '../portfolio-builder-api.ts';

/**
 * The fund whose history stands for each asset class. Cash is SGOV (0–3 month Treasury bills)
 * rather than a riskless asset at the risk-free rate: its small but real volatility keeps the
 * covariance positive definite, which the frontier's solver needs, and its return is what cash earns.
 */
const classFunds: Readonly<Record<AssetClass, string>> = { ...assetClassVehicleSymbols, cash: 'SGOV' };

const fundSymbols = assetClasses.map((assetClass) => classFunds[assetClass]);

/**
 * The statistics of the draft's rows. They are asked for when the set of securities changes, never
 * when a weight does; while a new set loads, the previous answer still serves if it covers every row
 * (a security was removed).
 */
export function useMixStatistics(draft: Draft) {
  const funds = useSecuritiesBySymbolQuery(draft.kind === 'asset_class' ? fundSymbols : skipToken);
  const ids =
    draft.kind === 'security'
      ? draft.securities.map((security) => security.id)
      : assetClasses.map((assetClass) => funds.data?.[classFunds[assetClass]]?.id ?? '');
  const idsKey = ids.join(',');
  const fundMissing = draft.kind === 'asset_class' && Boolean(funds.data) && ids.some((id) => !id);
  const ready = ids.length > 0 && ids.every(Boolean);
  const statistics = useSecurityStatisticsQuery(ready ? ids : skipToken);
  const answer = statistics.data;
  // Keyed on the ids' text: the array itself is new on every render.
  const mix = useMemo(() => (answer && ready ? mixStatistics(answer, idsKey.split(',')) : null), [answer, ready, idsKey]);
  return {
    mix,
    /** The fund whose figures each asset class shows. */
    classFunds,
    /** The answer the figures come from (its history and risk-free rate are shown under them). */
    answer: mix ? answer : undefined,
    loading: !mix && (statistics.isFetching || funds.isFetching),
    fundMissing,
    error: statistics.isError && !statistics.isFetching ? statistics.error : funds.isError ? funds.error : null,
  };
}

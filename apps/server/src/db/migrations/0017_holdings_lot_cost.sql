ALTER TABLE "holdings" ADD COLUMN "cost_basis" numeric(18, 2);--> statement-breakpoint
-- hand-written:
-- A portfolio's stored cost is the sum of its holdings' open-lot cost (cost_basis, written by the
-- ledger), so the lists' gain/loss agrees with the holdings table. A row not costed yet (written
-- before this column) counts its average cost, as before, until start-up's backfill costs it: lots
-- by FIFO, HIFO or a sell's own order are not worked out in SQL.
CREATE OR REPLACE FUNCTION "refresh_portfolio_valuations"(portfolio_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE portfolios p
  SET holdings_value = v.market_value, holdings_cost = v.cost, holdings_count = v.positions
  FROM (
    SELECT t.id,
           coalesce(sum(round(h.quantity * coalesce(s.last_close, h.average_cost), 2)), 0) AS market_value,
           coalesce(sum(coalesce(h.cost_basis, round(h.quantity * h.average_cost, 2))), 0) AS cost,
           count(h.id)::int AS positions
    FROM (SELECT DISTINCT unnest(portfolio_ids) AS id) t
    LEFT JOIN holdings h ON h.portfolio_id = t.id AND h.quantity > 0
    LEFT JOIN securities s ON s.id = h.security_id
    GROUP BY t.id
  ) v
  WHERE p.id = v.id
    AND (p.holdings_value, p.holdings_cost, p.holdings_count) IS DISTINCT FROM (v.market_value, v.cost, v.positions);
$$;

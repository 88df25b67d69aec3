ALTER TABLE "portfolios" ADD COLUMN "holdings_value" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "holdings_cost" numeric(18, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "holdings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Recomputes the stored valuation of some portfolios from their holdings and the latest closes.
CREATE FUNCTION "refresh_portfolio_valuations"(portfolio_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE portfolios p
  SET holdings_value = v.market_value, holdings_cost = v.cost, holdings_count = v.positions
  FROM (
    SELECT t.id,
           coalesce(sum(round(h.quantity * coalesce(s.last_close, h.average_cost), 2)), 0) AS market_value,
           coalesce(sum(round(h.quantity * h.average_cost, 2)), 0) AS cost,
           count(h.id)::int AS positions
    FROM (SELECT DISTINCT unnest(portfolio_ids) AS id) t
    LEFT JOIN holdings h ON h.portfolio_id = t.id AND h.quantity > 0
    LEFT JOIN securities s ON s.id = h.security_id
    GROUP BY t.id
  ) v
  WHERE p.id = v.id
    AND (p.holdings_value, p.holdings_cost, p.holdings_count) IS DISTINCT FROM (v.market_value, v.cost, v.positions);
$$;
--> statement-breakpoint
-- Once per statement, over the portfolios whose holdings it inserted, changed or deleted.
CREATE FUNCTION "holdings_refresh_valuations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_portfolio_valuations(ARRAY(SELECT portfolio_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_portfolio_valuations(ARRAY(SELECT portfolio_id FROM new_rows UNION SELECT portfolio_id FROM old_rows));
  ELSE
    PERFORM refresh_portfolio_valuations(ARRAY(SELECT portfolio_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "holdings_valuation_insert" AFTER INSERT ON "holdings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION holdings_refresh_valuations();
--> statement-breakpoint
CREATE TRIGGER "holdings_valuation_update" AFTER UPDATE ON "holdings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION holdings_refresh_valuations();
--> statement-breakpoint
CREATE TRIGGER "holdings_valuation_delete" AFTER DELETE ON "holdings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION holdings_refresh_valuations();
--> statement-breakpoint
-- A new close (price import, seed) revalues the portfolios holding that security.
CREATE FUNCTION "securities_refresh_valuations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_portfolio_valuations(ARRAY(
    SELECT h.portfolio_id FROM holdings h
    JOIN new_rows n ON n.id = h.security_id
    JOIN old_rows o ON o.id = n.id
    WHERE n.last_close IS DISTINCT FROM o.last_close));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "securities_valuation_update" AFTER UPDATE ON "securities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION securities_refresh_valuations();
--> statement-breakpoint
SELECT refresh_portfolio_valuations(ARRAY(SELECT id FROM portfolios));

CREATE TABLE "book_valuation_changes" (
	"firm_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"flow" numeric(20, 2) NOT NULL,
	"portfolios" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_valuations" (
	"firm_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"date" date NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"flow" numeric(20, 2) NOT NULL,
	"portfolios" integer NOT NULL,
	CONSTRAINT "book_valuations_firm_id_advisor_id_date_pk" PRIMARY KEY("firm_id","advisor_id","date")
);
--> statement-breakpoint
CREATE TABLE "valuation_progress" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through" date NOT NULL,
	CONSTRAINT "valuation_progress_single_row" CHECK ("valuation_progress"."id")
);
--> statement-breakpoint
ALTER TABLE "book_valuations" ADD CONSTRAINT "book_valuations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_valuations" ADD CONSTRAINT "book_valuations_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_valuation_changes_book_idx" ON "book_valuation_changes" USING btree ("firm_id","advisor_id","date");--> statement-breakpoint
-- Appends a change that adds (sign 1) or takes away (sign -1) the whole series of some portfolios to or from one book.
CREATE FUNCTION "book_valuations_shift"(portfolio_ids uuid[], book_firm uuid, book_advisor uuid, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO book_valuation_changes (firm_id, advisor_id, date, value, flow, portfolios)
  SELECT book_firm, book_advisor, v.date, sign * sum(v.value), sign * sum(v.flow), sign * count(*)::int
  FROM portfolio_valuations v
  WHERE v.portfolio_id = ANY(portfolio_ids)
  GROUP BY v.date;
$$;
--> statement-breakpoint
-- Moves the changes committed so far into book_valuations, summed per book and day in key order (so
-- two processes folding at once queue rather than deadlock; a change is moved once: the second
-- delete skips rows the first removed). Answers the book rows written.
CREATE FUNCTION "fold_book_valuation_changes"() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (
    DELETE FROM book_valuation_changes RETURNING firm_id, advisor_id, date, value, flow, portfolios
  ), folded AS (
    INSERT INTO book_valuations AS b (firm_id, advisor_id, date, value, flow, portfolios)
    SELECT firm_id, advisor_id, date, sum(value), sum(flow), sum(portfolios)::int
    FROM moved
    GROUP BY firm_id, advisor_id, date
    ORDER BY firm_id, advisor_id, date
    ON CONFLICT (firm_id, advisor_id, date) DO UPDATE
    SET value = b.value + excluded.value, flow = b.flow + excluded.flow, portfolios = b.portfolios + excluded.portfolios
    RETURNING 1
  )
  SELECT count(*)::int FROM folded;
$$;
--> statement-breakpoint
-- Rebuilds every book from the portfolio series (after this migration, or a bulk load made without the triggers).
CREATE FUNCTION "rebuild_book_valuations"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM book_valuation_changes;
  DELETE FROM book_valuations;
  INSERT INTO book_valuations (firm_id, advisor_id, date, value, flow, portfolios)
  SELECT c.firm_id, c.advisor_id, v.date, sum(v.value), sum(v.flow), count(*)::int
  FROM portfolio_valuations v
  JOIN portfolios p ON p.id = v.portfolio_id
  JOIN clients c ON c.id = p.client_id
  WHERE p.deleted_at IS NULL AND p.status <> 'closed' AND c.deleted_at IS NULL
  GROUP BY c.firm_id, c.advisor_id, v.date;
$$;
--> statement-breakpoint
-- Once per statement: the changed valuation rows of counted portfolios, the old ones taken away and
-- the new ones added, summed per book and day. Dynamic only in which transition tables the operation has.
CREATE FUNCTION "portfolio_valuations_to_book"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT portfolio_id, date, value, flow, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT portfolio_id, date, value, flow, -1 AS sign FROM old_rows'
    ELSE 'SELECT portfolio_id, date, value, flow, -1 AS sign FROM old_rows UNION ALL SELECT portfolio_id, date, value, flow, 1 FROM new_rows'
  END;
BEGIN
  EXECUTE 'INSERT INTO book_valuation_changes (firm_id, advisor_id, date, value, flow, portfolios)
    SELECT c.firm_id, c.advisor_id, r.date, sum(r.sign * r.value), sum(r.sign * r.flow), sum(r.sign)::int
    FROM (' || changed || ') r
    JOIN portfolios p ON p.id = r.portfolio_id
    JOIN clients c ON c.id = p.client_id
    WHERE p.deleted_at IS NULL AND p.status <> ''closed'' AND c.deleted_at IS NULL
    GROUP BY c.firm_id, c.advisor_id, r.date';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "portfolio_valuations_book_insert" AFTER INSERT ON "portfolio_valuations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_valuations_to_book();
--> statement-breakpoint
CREATE TRIGGER "portfolio_valuations_book_update" AFTER UPDATE ON "portfolio_valuations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_valuations_to_book();
--> statement-breakpoint
CREATE TRIGGER "portfolio_valuations_book_delete" AFTER DELETE ON "portfolio_valuations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portfolio_valuations_to_book();
--> statement-breakpoint
-- A portfolio closed, reopened, deleted, restored or moved to another client leaves one book and joins another.
CREATE FUNCTION "portfolios_move_book"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before clients%ROWTYPE;
  after clients%ROWTYPE;
  was_counted boolean;
  now_counted boolean;
BEGIN
  SELECT * INTO before FROM clients WHERE id = OLD.client_id;
  SELECT * INTO after FROM clients WHERE id = NEW.client_id;
  was_counted := OLD.deleted_at IS NULL AND OLD.status <> 'closed' AND before.deleted_at IS NULL;
  now_counted := NEW.deleted_at IS NULL AND NEW.status <> 'closed' AND after.deleted_at IS NULL;
  IF was_counted AND NOT (now_counted AND before.firm_id = after.firm_id AND before.advisor_id = after.advisor_id) THEN
    PERFORM book_valuations_shift(ARRAY[OLD.id], before.firm_id, before.advisor_id, -1);
  END IF;
  IF now_counted AND NOT (was_counted AND before.firm_id = after.firm_id AND before.advisor_id = after.advisor_id) THEN
    PERFORM book_valuations_shift(ARRAY[NEW.id], after.firm_id, after.advisor_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "portfolios_book_move" AFTER UPDATE OF status, deleted_at, client_id ON "portfolios" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION portfolios_move_book();
--> statement-breakpoint
-- A client reassigned to another advisor, deleted or restored takes their open portfolios along.
CREATE FUNCTION "clients_move_book"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  open_portfolios uuid[] := ARRAY(SELECT id FROM portfolios WHERE client_id = NEW.id AND deleted_at IS NULL AND status <> 'closed');
BEGIN
  IF OLD.deleted_at IS NULL THEN
    PERFORM book_valuations_shift(open_portfolios, OLD.firm_id, OLD.advisor_id, -1);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    PERFORM book_valuations_shift(open_portfolios, NEW.firm_id, NEW.advisor_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "clients_book_move" AFTER UPDATE OF advisor_id, firm_id, deleted_at ON "clients" FOR EACH ROW
  WHEN (OLD.advisor_id IS DISTINCT FROM NEW.advisor_id OR OLD.firm_id IS DISTINCT FROM NEW.firm_id OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION clients_move_book();
--> statement-breakpoint
SELECT rebuild_book_valuations();
--> statement-breakpoint
-- Every series is complete through the earliest of their last days (the next full pass moves it on).
INSERT INTO valuation_progress (id, through)
SELECT true, min(last.date) FROM portfolios p
CROSS JOIN LATERAL (SELECT v.date FROM portfolio_valuations v WHERE v.portfolio_id = p.id ORDER BY v.date DESC LIMIT 1) last
HAVING min(last.date) IS NOT NULL;

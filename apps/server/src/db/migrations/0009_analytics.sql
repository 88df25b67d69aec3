CREATE TABLE "portfolio_valuations" (
	"portfolio_id" uuid NOT NULL,
	"date" date NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	"flow" numeric(18, 2) NOT NULL,
	CONSTRAINT "portfolio_valuations_portfolio_id_date_pk" PRIMARY KEY("portfolio_id","date")
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "risk_free_rate" numeric(6, 4) DEFAULT 0.04 NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "metric_targets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "lot_method" text DEFAULT 'fifo' NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_valuations" ADD CONSTRAINT "portfolio_valuations_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_lot_method_check" CHECK ("portfolios"."lot_method" in ('fifo', 'hifo'));
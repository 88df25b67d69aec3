CREATE TABLE "capital_market_assumptions" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"expected_returns" jsonb NOT NULL,
	"band_ranges" jsonb NOT NULL,
	"updated_by" uuid,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capital_market_assumptions" ADD CONSTRAINT "capital_market_assumptions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_market_assumptions" ADD CONSTRAINT "capital_market_assumptions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
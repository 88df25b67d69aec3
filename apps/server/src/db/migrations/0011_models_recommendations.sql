CREATE TABLE "model_portfolio_targets" (
	"model_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"asset_class" text,
	"security_id" uuid,
	"weight" numeric(9, 8) NOT NULL,
	CONSTRAINT "model_portfolio_targets_model_id_position_pk" PRIMARY KEY("model_id","position"),
	CONSTRAINT "model_portfolio_targets_kind_check" CHECK (("model_portfolio_targets"."asset_class" is null) <> ("model_portfolio_targets"."security_id" is null)),
	CONSTRAINT "model_portfolio_targets_weight_check" CHECK ("model_portfolio_targets"."weight" > 0 and "model_portfolio_targets"."weight" <= 1)
);
--> statement-breakpoint
CREATE TABLE "model_portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"risk_band" text NOT NULL,
	"drift_band" numeric(6, 4) DEFAULT 0.05 NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_portfolios_risk_band_check" CHECK ("model_portfolios"."risk_band" in ('conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive')),
	CONSTRAINT "model_portfolios_drift_band_check" CHECK ("model_portfolios"."drift_band" > 0 and "model_portfolios"."drift_band" <= 0.25)
);
--> statement-breakpoint
CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"model_id" uuid,
	"security_id" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"rationale" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"implemented_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendations_type_check" CHECK ("recommendations"."type" in ('rebalance', 'reduce_concentration', 'deploy_cash', 'risk_mismatch')),
	CONSTRAINT "recommendations_status_check" CHECK ("recommendations"."status" in ('pending', 'accepted', 'rejected', 'implemented')),
	CONSTRAINT "recommendations_source_check" CHECK ("recommendations"."source" in ('review', 'optimizer', 'drift'))
);
--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "model_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "lot_method" text;--> statement-breakpoint
ALTER TABLE "model_portfolio_targets" ADD CONSTRAINT "model_portfolio_targets_model_id_model_portfolios_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model_portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_portfolio_targets" ADD CONSTRAINT "model_portfolio_targets_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_portfolios" ADD CONSTRAINT "model_portfolios_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_portfolios" ADD CONSTRAINT "model_portfolios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_model_id_model_portfolios_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model_portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_portfolios_firm_name_unique" ON "model_portfolios" USING btree ("firm_id",lower("name")) WHERE "model_portfolios"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "recommendations_client_idx" ON "recommendations" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "recommendations_portfolio_idx" ON "recommendations" USING btree ("portfolio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_open_unique" ON "recommendations" USING btree ("portfolio_id","type") WHERE "recommendations"."status" in ('pending', 'accepted');--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_model_id_model_portfolios_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."model_portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolios_model_idx" ON "portfolios" USING btree ("model_id") WHERE "portfolios"."model_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_lot_method_check" CHECK ("transactions"."lot_method" is null or ("transactions"."type" = 'sell' and "transactions"."lot_method" in ('fifo', 'hifo', 'tax_optimized')));
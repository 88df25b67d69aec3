CREATE TABLE "client_tax_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"annual_gain_budget" numeric(14, 2),
	"hold_security_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"restricted_security_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_tax_settings_budget_check" CHECK ("client_tax_settings"."annual_gain_budget" is null or "client_tax_settings"."annual_gain_budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "firm_rebalance_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"rebalance_to" text NOT NULL,
	"min_benefit_ratio" numeric(8, 2) NOT NULL,
	"short_term_rate" numeric(5, 4) NOT NULL,
	"long_term_rate" numeric(5, 4) NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_rebalance_settings_to_check" CHECK ("firm_rebalance_settings"."rebalance_to" in ('target', 'band_edge'))
);
--> statement-breakpoint
ALTER TABLE "client_tax_settings" ADD CONSTRAINT "client_tax_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_tax_settings" ADD CONSTRAINT "client_tax_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_rebalance_settings" ADD CONSTRAINT "firm_rebalance_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"user_id" uuid,
	"household_id" uuid,
	"household_role" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"birth_date" date,
	"address" text,
	"net_worth" numeric(18, 2),
	"annual_income" numeric(18, 2),
	"risk_capacity" text,
	"investment_experience" text,
	"financial_goals" text,
	"notes" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_risk_capacity_check" CHECK ("clients"."risk_capacity" in ('low', 'medium', 'high')),
	CONSTRAINT "clients_investment_experience_check" CHECK ("clients"."investment_experience" in ('beginner', 'intermediate', 'advanced', 'expert')),
	CONSTRAINT "clients_household_role_check" CHECK ("clients"."household_role" in ('head', 'spouse', 'child', 'other'))
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"security_id" uuid NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"average_cost" numeric(18, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"benchmark_symbol" text DEFAULT 'SPY' NOT NULL,
	"cash_balance" numeric(18, 2) DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolios_status_check" CHECK ("portfolios"."status" in ('active', 'proposed', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"security_id" uuid,
	"type" text NOT NULL,
	"trade_date" date NOT NULL,
	"quantity" numeric(20, 6),
	"price" numeric(18, 4),
	"amount" numeric(18, 2) NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_type_check" CHECK ("transactions"."type" in ('buy', 'sell', 'dividend', 'interest', 'deposit', 'withdrawal', 'fee'))
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"security_id" uuid NOT NULL,
	"date" date NOT NULL,
	"close" numeric(18, 4) NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "prices_security_id_date_pk" PRIMARY KEY("security_id","date"),
	CONSTRAINT "prices_close_positive" CHECK ("prices"."close" > 0),
	CONSTRAINT "prices_source_check" CHECK ("prices"."source" in ('simulated', 'imported'))
);
--> statement-breakpoint
CREATE TABLE "securities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"asset_class" text NOT NULL,
	"sector" text NOT NULL,
	"industry" text NOT NULL,
	"risk_rating" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_close" numeric(18, 4),
	"previous_close" numeric(18, 4),
	"last_price_date" date,
	"price_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "securities_asset_class_check" CHECK ("securities"."asset_class" in ('equity', 'fixed_income', 'cash', 'alternative', 'real_estate')),
	CONSTRAINT "securities_risk_rating_check" CHECK ("securities"."risk_rating" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_firm_advisor_idx" ON "clients" USING btree ("firm_id","advisor_id");--> statement-breakpoint
CREATE INDEX "clients_household_idx" ON "clients" USING btree ("household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_user_unique" ON "clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clients_first_name_trgm" ON "clients" USING gin (lower("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_last_name_trgm" ON "clients" USING gin (lower("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "households_firm_idx" ON "households" USING btree ("firm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "holdings_portfolio_security_unique" ON "holdings" USING btree ("portfolio_id","security_id");--> statement-breakpoint
CREATE INDEX "portfolios_client_idx" ON "portfolios" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "portfolios_firm_idx" ON "portfolios" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "transactions_portfolio_date_idx" ON "transactions" USING btree ("portfolio_id","trade_date");--> statement-breakpoint
CREATE UNIQUE INDEX "securities_symbol_unique" ON "securities" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "securities_name_trgm" ON "securities" USING gin (lower("name") gin_trgm_ops);
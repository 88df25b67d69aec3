ALTER TABLE "portfolios" ADD COLUMN "margin_limit" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "void_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolios" ADD CONSTRAINT "portfolios_margin_limit_check" CHECK ("portfolios"."margin_limit" is null or "portfolios"."margin_limit" >= 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_void_check" CHECK (("transactions"."voided_at" is null) = ("transactions"."void_reason" is null));
DROP INDEX "clients_first_name_trgm";--> statement-breakpoint
DROP INDEX "clients_last_name_trgm";--> statement-breakpoint
DROP INDEX "clients_email_trgm";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("clients"."first_name") || E'\n' || lower("clients"."last_name") || E'\n' || "clients"."email") STORED;--> statement-breakpoint
CREATE INDEX "clients_search_trgm" ON "clients" USING gin ("search_text" gin_trgm_ops);
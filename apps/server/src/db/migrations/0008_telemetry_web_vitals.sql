CREATE TABLE "web_vitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"route" text NOT NULL,
	"release" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_vitals_metric_check" CHECK ("web_vitals"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'TTI', 'LONG_TASK'))
);
--> statement-breakpoint
CREATE INDEX "web_vitals_received_at_idx" ON "web_vitals" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "web_vitals_release_received_at_idx" ON "web_vitals" USING btree ("release","received_at");
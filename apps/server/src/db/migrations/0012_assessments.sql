CREATE TABLE "assessment_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"assigned_by" uuid,
	"due_date" date,
	"started_by" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"results" jsonb,
	"prediction" jsonb,
	"predicted_at" timestamp with time zone,
	"proposed_band" text,
	"band_status" text,
	"band_note" text,
	"band_decided_by" uuid,
	"band_decided_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_responses_status_check" CHECK ("assessment_responses"."status" in ('pending', 'in_progress', 'complete')),
	CONSTRAINT "assessment_responses_band_status_check" CHECK ("assessment_responses"."band_status" in ('applied', 'awaiting_confirmation', 'confirmed', 'kept', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "assessment_template_versions" (
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "assessment_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_templates_kind_check" CHECK ("assessment_templates"."kind" in ('ipq', 'custom')),
	CONSTRAINT "assessment_templates_firm_check" CHECK (("assessment_templates"."kind" = 'ipq') = ("assessment_templates"."firm_id" is null))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_band" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_band_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "assessment_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD CONSTRAINT "assessment_responses_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD CONSTRAINT "assessment_responses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD CONSTRAINT "assessment_responses_template_id_assessment_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD CONSTRAINT "assessment_responses_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD CONSTRAINT "assessment_responses_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD CONSTRAINT "assessment_responses_band_decided_by_users_id_fk" FOREIGN KEY ("band_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_template_versions" ADD CONSTRAINT "assessment_template_versions_template_id_assessment_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."assessment_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_template_versions" ADD CONSTRAINT "assessment_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_templates" ADD CONSTRAINT "assessment_templates_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_templates" ADD CONSTRAINT "assessment_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_responses_client_idx" ON "assessment_responses" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "assessment_responses_firm_status_idx" ON "assessment_responses" USING btree ("firm_id","status");--> statement-breakpoint
CREATE INDEX "assessment_responses_template_idx" ON "assessment_responses" USING btree ("template_id","status");--> statement-breakpoint
CREATE INDEX "assessment_templates_firm_idx" ON "assessment_templates" USING btree ("firm_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_assessment_status_check" CHECK ("clients"."assessment_status" in ('pending', 'in_progress', 'complete'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_risk_band_check" CHECK ("clients"."risk_band" in ('conservative', 'moderately_conservative', 'moderate', 'moderately_aggressive', 'aggressive'));--> statement-breakpoint
INSERT INTO "assessment_templates" ("id", "firm_id", "kind", "name", "description") VALUES ('00000000-0000-4000-8000-000000000001', NULL, 'ipq', 'Investor personality questionnaire', 'Personality, beliefs about risk and markets, current asset allocation and circumstances: sets the client''s risk band and recommends a model portfolio.');

ALTER TABLE "clients" ADD COLUMN "risk_band_source" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_band_reason" text;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_risk_band_source_check" CHECK ("clients"."risk_band_source" in ('questionnaire', 'advisor'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_risk_band_reason_check" CHECK ("clients"."risk_band_source" is distinct from 'advisor' or "clients"."risk_band_reason" is not null);--> statement-breakpoint
-- hand-written:
-- A band stays only where a completed questionnaire set it (applied at once, or confirmed by the advisor).
-- Any other band was inferred from the old three-level risk capacity (an advisor "keeping" the band of a
-- client who had none): it is cleared, and the client reads "Not assessed". The three-level value itself
-- stays in risk_capacity as history; no five-level band is invented from it.
UPDATE "clients" c SET "risk_band_source" = 'questionnaire'
WHERE c."risk_band" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "assessment_responses" r
  WHERE r."client_id" = c."id" AND r."status" = 'complete' AND r."deleted_at" IS NULL
    AND r."band_status" IN ('applied', 'confirmed') AND r."proposed_band" = c."risk_band"
);--> statement-breakpoint
UPDATE "clients" SET "risk_band" = NULL, "risk_band_set_at" = NULL, "sync_version" = "sync_version" + 1, "updated_at" = now()
WHERE "risk_band" IS NOT NULL AND "risk_band_source" IS NULL;

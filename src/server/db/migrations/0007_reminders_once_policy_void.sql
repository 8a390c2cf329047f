ALTER TYPE "public"."insurance_policy_status" ADD VALUE 'void';--> statement-breakpoint
DROP INDEX "process_reminders_process_idx";--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD COLUMN "removed_on" date;--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD COLUMN "removed_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD COLUMN "removed_by_process_id" uuid;--> statement-breakpoint
ALTER TABLE "process_reminders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD CONSTRAINT "insurance_policy_artworks_removed_by_process_id_processes_id_fk" FOREIGN KEY ("removed_by_process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "process_reminders_process_kind_uq" ON "process_reminders" USING btree ("process_id","kind");
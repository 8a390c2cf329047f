-- Process types become text (a new type is no migration): the values are kept as they were. A process names
-- a (type, version) the server registered at boot from machines/registry.ts; NOT VALID leaves rows written
-- before this migration unchecked (a version registered before process_definition_versions existed), and
-- checks every row written after it.
ALTER TABLE "process_definition_versions" ALTER COLUMN "type" SET DATA TYPE text USING "type"::text;--> statement-breakpoint
ALTER TABLE "processes" ALTER COLUMN "type" SET DATA TYPE text USING "type"::text;--> statement-breakpoint
ALTER TABLE "approval_rules" ALTER COLUMN "type" SET DATA TYPE text USING "type"::text;--> statement-breakpoint
ALTER TABLE "delegations" ALTER COLUMN "process_type" SET DATA TYPE text USING "process_type"::text;--> statement-breakpoint
ALTER TABLE "process_tasks" ALTER COLUMN "type" SET DATA TYPE text USING "type"::text;--> statement-breakpoint
ALTER TABLE "task_settings" ALTER COLUMN "type" SET DATA TYPE text USING "type"::text;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_definition_fk" FOREIGN KEY ("type","definition_version") REFERENCES "public"."process_definition_versions"("type","version") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
DROP TYPE "public"."process_type";
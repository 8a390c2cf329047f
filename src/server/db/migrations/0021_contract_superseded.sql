DROP INDEX "contracts_process_step_uq";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_process_step_uq" ON "contracts" USING btree ("process_id","step_key") WHERE "contracts"."superseded_at" is null;
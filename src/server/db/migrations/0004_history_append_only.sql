ALTER TABLE "process_history" DROP CONSTRAINT "process_history_process_id_processes_id_fk";
--> statement-breakpoint
ALTER TABLE "process_idempotency_keys" ALTER COLUMN "process_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "process_idempotency_keys" ALTER COLUMN "response" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "process_history" ADD COLUMN "definition_version" integer;--> statement-breakpoint
UPDATE "process_history" h SET "definition_version" = p."definition_version" FROM "processes" p WHERE p."id" = h."process_id";--> statement-breakpoint
ALTER TABLE "process_history" ALTER COLUMN "definition_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "process_history" ADD COLUMN "allowed_by" text;--> statement-breakpoint
UPDATE "process_history" SET "allowed_by" = 'unrecorded';--> statement-breakpoint
ALTER TABLE "process_history" ALTER COLUMN "allowed_by" SET NOT NULL;--> statement-breakpoint
-- Keys stored before requests were bound to a hash cannot be checked: dropped (a retry of such a request
-- names a version that has moved on, and is refused with 409).
DELETE FROM "process_idempotency_keys";--> statement-breakpoint
ALTER TABLE "process_idempotency_keys" ADD COLUMN "request_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "process_history" ADD CONSTRAINT "process_history_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE restrict ON UPDATE no action;

ALTER TYPE "public"."artwork_status" ADD VALUE 'missing';--> statement-breakpoint
ALTER TYPE "public"."movement_kind" ADD VALUE 'transport_aborted' BEFORE 'loan_out';
ALTER TYPE "public"."artwork_status" ADD VALUE 'in_care';--> statement-breakpoint
ALTER TYPE "public"."artwork_status" ADD VALUE 'borrowed';--> statement-breakpoint
ALTER TYPE "public"."artwork_status" ADD VALUE 'returned';--> statement-breakpoint
ALTER TYPE "public"."movement_kind" ADD VALUE 'returned_to_owner' BEFORE 'stocktake_found';
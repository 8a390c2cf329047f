ALTER TYPE "public"."message_kind" ADD VALUE 'taskAssigned';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'taskDueSoon';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'taskOverdue';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'taskEscalated';
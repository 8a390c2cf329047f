CREATE TABLE "calendar_days" (
	"day" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "calendar_days_kind" CHECK ("calendar_days"."kind" in ('holiday', 'workday', 'closure')),
	CONSTRAINT "calendar_days_origin" CHECK ("calendar_days"."origin" in ('region', 'office'))
);
--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
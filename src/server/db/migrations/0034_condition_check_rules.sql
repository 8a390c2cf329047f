CREATE TABLE "condition_check_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid,
	"medium_tag_id" integer,
	"interval_months" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_check_rules_target_ck" CHECK (("condition_check_rules"."artwork_id" is null) <> ("condition_check_rules"."medium_tag_id" is null)),
	CONSTRAINT "condition_check_rules_interval_ck" CHECK ("condition_check_rules"."interval_months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "condition_check_rules" ADD CONSTRAINT "condition_check_rules_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_check_rules" ADD CONSTRAINT "condition_check_rules_medium_tag_id_tags_id_fk" FOREIGN KEY ("medium_tag_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_check_rules" ADD CONSTRAINT "condition_check_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_check_rules_artwork_idx" ON "condition_check_rules" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "condition_check_rules_medium_idx" ON "condition_check_rules" USING btree ("medium_tag_id");
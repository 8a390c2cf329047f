CREATE TABLE "artwork_ownerships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"share_percent" numeric(5, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"note" text DEFAULT '' NOT NULL,
	"process_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_ownerships_share_ck" CHECK ("artwork_ownerships"."share_percent" > 0 and "artwork_ownerships"."share_percent" <= 100),
	CONSTRAINT "artwork_ownerships_period_ck" CHECK ("artwork_ownerships"."valid_to" is null or "artwork_ownerships"."valid_to" > "artwork_ownerships"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "artwork_pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"lender" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_pledges_period_ck" CHECK ("artwork_pledges"."valid_to" is null or "artwork_pledges"."valid_to" >= "artwork_pledges"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "legal_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_entities_not_own_parent_ck" CHECK ("legal_entities"."parent_id" is distinct from "legal_entities"."id")
);
--> statement-breakpoint
ALTER TABLE "artwork_ownerships" ADD CONSTRAINT "artwork_ownerships_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_ownerships" ADD CONSTRAINT "artwork_ownerships_entity_id_legal_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_ownerships" ADD CONSTRAINT "artwork_ownerships_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_pledges" ADD CONSTRAINT "artwork_pledges_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_pledges" ADD CONSTRAINT "artwork_pledges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD CONSTRAINT "legal_entities_jurisdiction_countries_code_fk" FOREIGN KEY ("jurisdiction") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD CONSTRAINT "legal_entities_parent_id_legal_entities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_ownerships_artwork_idx" ON "artwork_ownerships" USING btree ("artwork_id","valid_from");--> statement-breakpoint
CREATE INDEX "artwork_ownerships_entity_idx" ON "artwork_ownerships" USING btree ("entity_id","valid_to");--> statement-breakpoint
CREATE INDEX "artwork_pledges_artwork_idx" ON "artwork_pledges" USING btree ("artwork_id","valid_from");--> statement-breakpoint
CREATE INDEX "legal_entities_parent_idx" ON "legal_entities" USING btree ("parent_id");
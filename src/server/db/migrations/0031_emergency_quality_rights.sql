CREATE TABLE "data_quality_snapshots" (
	"on" date PRIMARY KEY NOT NULL,
	"counts" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artwork_media" ADD COLUMN "rights" jsonb DEFAULT '{"holder":"","licence":"","credit":"","restrictions":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "salvage_priority" integer;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "handling_notes_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "handling_notes_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "artworks_room_salvage_idx" ON "artworks" USING btree ("room_id","salvage_priority");--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_salvage_priority_ck" CHECK ("artworks"."salvage_priority" between 1 and 5);
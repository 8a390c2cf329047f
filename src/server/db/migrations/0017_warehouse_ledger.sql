CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "artwork_movements" ADD COLUMN "until" timestamp with time zone DEFAULT 'infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD COLUMN "insured_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "temperature_min" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "temperature_max" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "humidity_min" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "humidity_max" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_movements_room_period_idx" ON "artwork_movements" USING btree ("to_room_id","until","at","artwork_id");--> statement-breakpoint
-- The movement ledger's periods: each row holds from its `at` until the artwork's next movement. Rows of the
-- same artwork at the same instant: the one written later wins (the earlier one's period is empty).
UPDATE "artwork_movements" m SET "until" = n."next_at"
FROM (
  SELECT "id", lead("at") OVER (PARTITION BY "artwork_id" ORDER BY "at", "id") AS "next_at" FROM "artwork_movements"
) n
WHERE n."id" = m."id" AND n."next_at" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION artwork_movements_period() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(min(m."at"), 'infinity') INTO NEW."until"
    FROM "artwork_movements" m WHERE m."artwork_id" = NEW."artwork_id" AND m."at" > NEW."at";
  UPDATE "artwork_movements" SET "until" = NEW."at"
    WHERE "artwork_id" = NEW."artwork_id" AND "at" <= NEW."at" AND "until" > NEW."at";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER artwork_movements_period BEFORE INSERT ON "artwork_movements"
  FOR EACH ROW EXECUTE FUNCTION artwork_movements_period();

DROP INDEX "valuations_artwork_on_idx";--> statement-breakpoint
ALTER TABLE "artwork_movements" ADD COLUMN "status" "artwork_status";--> statement-breakpoint
CREATE INDEX "artwork_movements_period_status_idx" ON "artwork_movements" USING btree ("until","at","artwork_id","status","to_room_id");--> statement-breakpoint
CREATE INDEX "valuations_artwork_on_idx" ON "valuations" USING btree ("artwork_id","valued_on","created_at","amount","currency");--> statement-breakpoint
-- Rows written before the status was recorded: the latest row of each artwork takes the artwork's present
-- status (every change of status writes a movement row, so it is the status since that row); an earlier row
-- takes the status its kind sets, and a kind that leaves the status alone (a transport leg, a place in a room)
-- carries the one before it.
WITH k AS (
  SELECT m."id", m."artwork_id", m."at",
    (CASE WHEN m."until" = 'infinity' THEN a."status"::text
      WHEN m."kind" = 'loan_out' THEN 'on_loan'
      WHEN m."kind" IN ('loan_return', 'stocktake_found', 'warehousing') THEN 'in_collection'
      WHEN m."kind" = 'sold' THEN 'sold'
      WHEN m."kind" = 'stocktake_missing' THEN 'missing'
      WHEN m."kind" IN ('created', 'manual') AND m."process_id" IS NOT NULL THEN 'purchased'
      WHEN m."kind" = 'created' THEN 'in_collection'
    END)::"artwork_status" AS "known"
  FROM "artwork_movements" m JOIN "artworks" a ON a."id" = m."artwork_id"),
g AS (
  SELECT *, count("known") OVER (PARTITION BY "artwork_id" ORDER BY "at", "id") AS "grp" FROM k),
f AS (
  SELECT "id", first_value("known") OVER (PARTITION BY "artwork_id", "grp" ORDER BY "at", "id") AS "status" FROM g)
UPDATE "artwork_movements" m SET "status" = f."status" FROM f WHERE f."id" = m."id";--> statement-breakpoint
-- A writer that leaves the status out (a movement written by hand, a bulk load) records the artwork's own.
CREATE FUNCTION artwork_movements_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a."status" INTO NEW."status" FROM "artworks" a WHERE a."id" = NEW."artwork_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER artwork_movements_status BEFORE INSERT ON "artwork_movements"
  FOR EACH ROW WHEN (NEW."status" IS NULL) EXECUTE FUNCTION artwork_movements_status();

-- One reminder of each kind per process (the unique index of the next migration): databases written
-- before it may hold several (every re-approval of a policy scheduled one more). Keep the latest scheduled
-- of each (process, kind), prefer one not yet delivered, and drop the rest.
DELETE FROM "process_reminders" r
USING (
  SELECT "id", row_number() OVER (
    PARTITION BY "process_id", "kind"
    ORDER BY ("delivered_at" IS NULL) DESC, "created_at" DESC, "id" DESC
  ) AS n
  FROM "process_reminders"
  WHERE "process_id" IS NOT NULL
) d
WHERE r."id" = d."id" AND d.n > 1;

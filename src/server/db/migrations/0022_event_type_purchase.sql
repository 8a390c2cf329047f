-- A payment may be for a purchase: the related-event dictionary gains that choice on databases seeded before
-- it was there. A fresh database has no dictionary yet at this point (the seed, which runs after the
-- migrations, brings it with the others), and nothing is added where it already exists.
INSERT INTO "dict_items" ("dict_code", "value", "label_zh", "label_en", "sort")
SELECT 'EVENT_TYPE', 'PURCHASE', '购入', 'Purchase', 100
WHERE EXISTS (SELECT 1 FROM "dict_items" WHERE "dict_code" = 'EVENT_TYPE')
  AND NOT EXISTS (SELECT 1 FROM "dict_items" WHERE "dict_code" = 'EVENT_TYPE' AND "value" = 'PURCHASE');

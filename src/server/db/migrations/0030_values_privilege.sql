-- Seeing values became a privilege of its own (valueManage:values). Roles and users that could see the
-- valuations until now keep seeing values (the seeded read-only role too: it is described as looking at the
-- valuations); a role made from now on sees them only when given it.
INSERT INTO "role_privileges" ("role_id", "privilege")
SELECT rp."role_id", 'valueManage:values'
FROM "role_privileges" rp
WHERE rp."privilege" = 'valueManage:view'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "user_privileges" ("user_id", "privilege")
SELECT up."user_id", 'valueManage:values'
FROM "user_privileges" up
WHERE up."privilege" = 'valueManage:view'
ON CONFLICT DO NOTHING;

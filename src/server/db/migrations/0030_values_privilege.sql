-- Seeing values became a privilege of its own (valueManage:values). Roles and users that could see the
-- valuations until now keep seeing values, except the seeded read-only role, which no longer does.
INSERT INTO "role_privileges" ("role_id", "privilege")
SELECT rp."role_id", 'valueManage:values'
FROM "role_privileges" rp
JOIN "roles" r ON r."id" = rp."role_id"
WHERE rp."privilege" = 'valueManage:view' AND r."key" <> 'viewer'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "user_privileges" ("user_id", "privilege")
SELECT up."user_id", 'valueManage:values'
FROM "user_privileges" up
WHERE up."privilege" = 'valueManage:view'
ON CONFLICT DO NOTHING;

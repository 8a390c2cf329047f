ALTER TABLE "messages" ADD COLUMN "content_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artworks_valuation_date_idx" ON "artworks" USING btree ("valuation_date");--> statement-breakpoint
CREATE INDEX "messages_recipient_kind_created_idx" ON "messages" USING btree ("recipient_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "messages_content_idx" ON "messages" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "processes_pays_for_idx" ON "processes" USING btree (("snapshot"->'context'->'subject'->>'forProcessId'));--> statement-breakpoint
-- Messages of items published before the link existed found their item by its publication instant.
UPDATE "messages" m SET "content_id" = c."id" FROM "contents" c
WHERE m."kind"::text = 'content' AND m."content_id" IS NULL AND c."published_at" = m."created_at";

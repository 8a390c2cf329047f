CREATE INDEX "artwork_movements_to_room_at_idx" ON "artwork_movements" USING btree ("to_room_id","at");--> statement-breakpoint
CREATE INDEX "artwork_movements_from_room_at_idx" ON "artwork_movements" USING btree ("from_room_id","at");--> statement-breakpoint
CREATE INDEX "artwork_movements_at_idx" ON "artwork_movements" USING btree ("at");
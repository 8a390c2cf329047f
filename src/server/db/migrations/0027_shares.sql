CREATE TABLE "share_artworks" (
	"share_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "share_artworks_share_id_artwork_id_pk" PRIMARY KEY("share_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "share_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" text,
	"user_agent" text,
	"granted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid NOT NULL,
	"recipient" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"show_values" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "share_artworks" ADD CONSTRAINT "share_artworks_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_artworks" ADD CONSTRAINT "share_artworks_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_views_share_idx" ON "share_views" USING btree ("share_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_hash_uq" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shares_created_idx" ON "shares" USING btree ("created_at" DESC NULLS LAST);
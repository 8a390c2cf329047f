CREATE TYPE "public"."artwork_status" AS ENUM('purchased', 'in_collection', 'on_loan', 'sold');--> statement-breakpoint
CREATE TYPE "public"."insurance_status" AS ENUM('to_be_insured', 'covered');--> statement-breakpoint
CREATE TYPE "public"."movement_kind" AS ENUM('created', 'warehousing', 'transport_start', 'transport_arrive', 'loan_out', 'loan_return', 'sold', 'stocktake_found', 'stocktake_missing', 'manual');--> statement-breakpoint
CREATE TYPE "public"."transport_status" AS ENUM('none', 'to_be_transported', 'transporting');--> statement-breakpoint
CREATE TABLE "system_logs" (
	"log_id" uuid PRIMARY KEY NOT NULL,
	"module_name" text NOT NULL,
	"create_by" text,
	"create_by_user_id" uuid,
	"access_time" timestamp with time zone NOT NULL,
	"request_uri" text NOT NULL,
	"operation_type" text NOT NULL,
	"client_ip_addr" text,
	"browser_user_agent" text,
	"http_method" text NOT NULL,
	"exec_time" integer NOT NULL,
	"success" boolean NOT NULL,
	"response_code" integer NOT NULL,
	"exception" text
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "role_privileges" (
	"role_id" uuid NOT NULL,
	"privilege" text NOT NULL,
	CONSTRAINT "role_privileges_role_id_privilege_pk" PRIMARY KEY("role_id","privilege")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"all_privileges" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"client_ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_privileges" (
	"user_id" uuid NOT NULL,
	"privilege" text NOT NULL,
	CONSTRAINT "user_privileges_user_id_privilege_pk" PRIMARY KEY("user_id","privilege")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"organization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"nationality" text,
	"birth_year" integer,
	"death_year" integer,
	"artist_stage_tag_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artwork_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" "movement_kind" NOT NULL,
	"from_room_id" uuid,
	"to_room_id" uuid,
	"from_location" text DEFAULT '' NOT NULL,
	"to_location" text DEFAULT '' NOT NULL,
	"process_id" uuid,
	"by_user_id" uuid,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artworks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inventory_no" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"artist_id" uuid,
	"status" "artwork_status" DEFAULT 'in_collection' NOT NULL,
	"in_warehouse" boolean DEFAULT false NOT NULL,
	"room_id" uuid,
	"location_text" text DEFAULT '' NOT NULL,
	"transport_status" "transport_status" DEFAULT 'none' NOT NULL,
	"insurance_status" "insurance_status" DEFAULT 'to_be_insured' NOT NULL,
	"insured_until" date,
	"active_process_id" uuid,
	"latest_valuation" numeric(18, 2),
	"latest_valuation_currency" text,
	"valuation_date" date,
	"buy_year" integer,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_privileges" ADD CONSTRAINT "role_privileges_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privileges" ADD CONSTRAINT "user_privileges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_movements" ADD CONSTRAINT "artwork_movements_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_logs_access_time_idx" ON "system_logs" USING btree ("access_time");--> statement-breakpoint
CREATE INDEX "system_logs_user_time_idx" ON "system_logs" USING btree ("create_by_user_id","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_module_time_idx" ON "system_logs" USING btree ("module_name","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_success_time_idx" ON "system_logs" USING btree ("success","access_time");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_key_uq" ON "roles" USING btree ("key");--> statement-breakpoint
CREATE INDEX "roles_enabled_idx" ON "roles" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "artists_name_zh_idx" ON "artists" USING btree ("name_zh");--> statement-breakpoint
CREATE INDEX "artists_name_en_idx" ON "artists" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "artwork_movements_artwork_at_idx" ON "artwork_movements" USING btree ("artwork_id","at");--> statement-breakpoint
CREATE INDEX "artwork_movements_process_idx" ON "artwork_movements" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "artworks_inventory_no_uq" ON "artworks" USING btree ("inventory_no");--> statement-breakpoint
CREATE INDEX "artworks_artist_idx" ON "artworks" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "artworks_status_idx" ON "artworks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "artworks_room_idx" ON "artworks" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "artworks_insurance_idx" ON "artworks" USING btree ("insurance_status");--> statement-breakpoint
CREATE INDEX "artworks_buy_year_idx" ON "artworks" USING btree ("buy_year");--> statement-breakpoint
CREATE INDEX "artworks_created_idx" ON "artworks" USING btree ("created_at");
CREATE TYPE "public"."content_kind" AS ENUM('exhibition', 'message');--> statement-breakpoint
CREATE TYPE "public"."content_status" AS ENUM('draft', 'published', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."release_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TYPE "public"."valuation_method" AS ENUM('appraisal', 'auction_estimate', 'insurance_agreed', 'market_comparison', 'purchase_price', 'other');--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'content';--> statement-breakpoint
ALTER TYPE "public"."process_type" ADD VALUE 'FINANCE_PAYMENT';--> statement-breakpoint
CREATE TABLE "contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "content_kind" NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"summary_zh" text DEFAULT '' NOT NULL,
	"summary_en" text DEFAULT '' NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"cover_file_id" uuid,
	"venue" text DEFAULT '' NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"audience_role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"status" "content_status" DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_views" (
	"user_id" uuid NOT NULL,
	"release_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_views_user_id_release_id_pk" PRIMARY KEY("user_id","release_id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"released_on" date NOT NULL,
	"notes_zh" text DEFAULT '' NOT NULL,
	"notes_en" text DEFAULT '' NOT NULL,
	"status" "release_status" DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"on" date NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_ck" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_pair_ck" CHECK ("exchange_rates"."base" <> "exchange_rates"."quote")
);
--> statement-breakpoint
CREATE TABLE "valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text NOT NULL,
	"valued_on" date NOT NULL,
	"method" "valuation_method" NOT NULL,
	"valuer" text DEFAULT '' NOT NULL,
	"report_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"process_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "valuations_amount_ck" CHECK ("valuations"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "for_process_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_views" ADD CONSTRAINT "release_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_views" ADD CONSTRAINT "release_views_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuations" ADD CONSTRAINT "valuations_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuations" ADD CONSTRAINT "valuations_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuations" ADD CONSTRAINT "valuations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_status_published_idx" ON "contents" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "contents_kind_idx" ON "contents" USING btree ("kind","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_number_uq" ON "releases" USING btree ("number");--> statement-breakpoint
CREATE INDEX "releases_published_idx" ON "releases" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_on_uq" ON "exchange_rates" USING btree ("base","quote","on");--> statement-breakpoint
CREATE INDEX "valuations_artwork_on_idx" ON "valuations" USING btree ("artwork_id","valued_on","created_at");--> statement-breakpoint
CREATE INDEX "valuations_on_idx" ON "valuations" USING btree ("valued_on");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_for_process_id_processes_id_fk" FOREIGN KEY ("for_process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_at_idx" ON "payments" USING btree ("at");--> statement-breakpoint
CREATE INDEX "payments_currency_at_idx" ON "payments" USING btree ("currency","at");--> statement-breakpoint
CREATE INDEX "payments_for_process_idx" ON "payments" USING btree ("for_process_id");--> statement-breakpoint
CREATE INDEX "system_logs_operation_time_idx" ON "system_logs" USING btree ("operation_type","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_method_time_idx" ON "system_logs" USING btree ("http_method","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_code_time_idx" ON "system_logs" USING btree ("response_code","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_client_time_idx" ON "system_logs" USING btree ("client_ip_addr","access_time");--> statement-breakpoint
-- The valuation each artwork already carries becomes the first row of its history.
INSERT INTO "valuations" ("artwork_id", "amount", "currency", "valued_on", "method")
SELECT "id", "latest_valuation", coalesce("latest_valuation_currency", 'CNY'), coalesce("valuation_date", "created_at"::date), 'other'
FROM "artworks" WHERE "latest_valuation" IS NOT NULL AND "latest_valuation" >= 0;

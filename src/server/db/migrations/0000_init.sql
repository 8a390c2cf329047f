CREATE TYPE "public"."artwork_change_action" AS ENUM('create', 'update', 'restore', 'import', 'valuation');--> statement-breakpoint
CREATE TYPE "public"."artwork_import_status" AS ENUM('checking', 'checked', 'importing', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."artwork_media_kind" AS ENUM('image', 'video', 'zip', 'other');--> statement-breakpoint
CREATE TYPE "public"."artwork_record_kind" AS ENUM('exhibition', 'auction', 'private_collection', 'literature');--> statement-breakpoint
CREATE TYPE "public"."artwork_status" AS ENUM('purchased', 'in_collection', 'on_loan', 'sold');--> statement-breakpoint
CREATE TYPE "public"."insurance_status" AS ENUM('to_be_insured', 'covered');--> statement-breakpoint
CREATE TYPE "public"."movement_kind" AS ENUM('created', 'warehousing', 'transport_start', 'transport_arrive', 'loan_out', 'loan_return', 'sold', 'stocktake_found', 'stocktake_missing', 'manual');--> statement-breakpoint
CREATE TYPE "public"."transport_status" AS ENUM('none', 'to_be_transported', 'transporting');--> statement-breakpoint
CREATE TYPE "public"."process_status" AS ENUM('draft', 'approvalOngoing', 'approved', 'rejected', 'paymentFailed', 'terminated', 'completed', 'toBeTransported', 'transporting', 'onLoan', 'uncompleted');--> statement-breakpoint
CREATE TYPE "public"."process_type" AS ENUM('BUY_ART', 'BUY_ART_TRANS', 'OPERATION_TRANS_ART', 'OPERATION_SHOT_ART', 'OPERATION_MOUNT_ART', 'OPERATION_REPAIR_ART', 'OPERATION_LOAN_EXHIBITION_ART', 'OPERATION_SELL_ART', 'OPERATION_REPLICA_ART', 'INSURANCE_ANNUAL', 'INSURANCE_OPERATION', 'INSURANCE_RENEWAL', 'INSURANCE_PAYOUT', 'INVENTORY_CHECK');--> statement-breakpoint
CREATE TYPE "public"."reminder_kind" AS ENUM('insuranceExpiry', 'contractExpiry', 'custom');--> statement-breakpoint
CREATE TYPE "public"."contract_direction" AS ENUM('purchase', 'sale', 'service');--> statement-breakpoint
CREATE TYPE "public"."insurance_kind" AS ENUM('annual', 'operation');--> statement-breakpoint
CREATE TYPE "public"."insurance_policy_status" AS ENUM('active', 'lapsed');--> statement-breakpoint
CREATE TYPE "public"."payment_direction" AS ENUM('outgoing', 'incoming');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cheque', 'tt', 'online_banking', 'other');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."message_kind" AS ENUM('approvalRequested', 'approved', 'rejected', 'paymentFailed', 'completed', 'terminated', 'restarted', 'processOpened', 'reminder', 'notice');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('jpeg', 'png', 'pdf', 'mp4', 'xlsx', 'xls', 'docx', 'zip');--> statement-breakpoint
CREATE TYPE "public"."file_purpose" AS ENUM('image', 'pdf', 'excel', 'video', 'attachment', 'archive', 'cover');--> statement-breakpoint
CREATE TYPE "public"."dict_code" AS ENUM('FIN_FEE_ATTRIBUTION', 'PACKAGING_TYPE', 'EVENT_TYPE', 'LITERATU_RECORD_TYPERE', 'ART_PIC_TYPE', 'CURRENCY', 'ARCHIVED_TYPE', 'ART_CONTRACT_TYPE', 'TRANSPORT_PAY_TYPE', 'TRANSPORT_TYPE', 'INSURE_FEE_CALC_TYPE', 'EX_PURPOSE', 'REPLICA_TYPE', 'PAYMENT_PROPERTY', 'COMPANY_BUDGET', 'INCOME_FUND_SUBJECT', 'AGREEMENT_CONTRACT_TYPE');--> statement-breakpoint
CREATE TYPE "public"."room_icon" AS ENUM('freeport', 'vault', 'warehouse', 'office', 'gallery', 'residence');--> statement-breakpoint
CREATE TYPE "public"."vendor_kind" AS ENUM('shipper', 'insurer', 'framer', 'conservator', 'photographer', 'auction_house');--> statement-breakpoint
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
CREATE TABLE "artwork_edit_locks" (
	"artwork_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artwork_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" "artwork_change_action" NOT NULL,
	"by_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"restored_from" integer
);
--> statement-breakpoint
CREATE TABLE "artwork_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"file_id" uuid,
	"file_name" text DEFAULT '' NOT NULL,
	"status" "artwork_import_status" DEFAULT 'checking' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "artwork_labels" (
	"artwork_id" uuid NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "artwork_labels_artwork_id_tag_id_pk" PRIMARY KEY("artwork_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "artwork_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" "artwork_media_kind" NOT NULL,
	"seq" integer NOT NULL,
	"pic_type" text DEFAULT '' NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"caption" text DEFAULT '' NOT NULL
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
CREATE TABLE "artwork_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artwork_id" uuid NOT NULL,
	"kind" "artwork_record_kind" NOT NULL,
	"seq" integer NOT NULL,
	"date" text NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"place_zh" text DEFAULT '' NOT NULL,
	"place_en" text DEFAULT '' NOT NULL,
	"lot" text DEFAULT '' NOT NULL,
	"price" numeric(18, 2),
	"currency" text DEFAULT '' NOT NULL,
	"literature_type" text DEFAULT '' NOT NULL,
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
	"creation_time" text DEFAULT '' NOT NULL,
	"materials_zh" text DEFAULT '' NOT NULL,
	"materials_en" text DEFAULT '' NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"size_text" text DEFAULT '' NOT NULL,
	"signed" boolean,
	"signature_position" text DEFAULT '' NOT NULL,
	"signature_content" text DEFAULT '' NOT NULL,
	"medium_tag_id" integer,
	"period_tag_id" integer,
	"invest_market_tag_id" integer,
	"income_stage_tag_id" integer,
	"source_zh" text DEFAULT '' NOT NULL,
	"source_en" text DEFAULT '' NOT NULL,
	"packaging_type" text,
	"volume_weight" numeric(12, 2),
	"actual_weight" numeric(12, 2),
	"remark_zh" text DEFAULT '' NOT NULL,
	"remark_en" text DEFAULT '' NOT NULL,
	"preview_file_id" uuid,
	"search_vector" "tsvector",
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "process_artworks" (
	"process_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	CONSTRAINT "process_artworks_process_id_artwork_id_pk" PRIMARY KEY("process_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "process_history" (
	"process_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"event_type" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"by_user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"payload" jsonb,
	CONSTRAINT "process_history_process_id_seq_pk" PRIMARY KEY("process_id","seq")
);
--> statement-breakpoint
CREATE TABLE "process_idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"process_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "process_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid,
	"recipient_id" uuid NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "process_type" NOT NULL,
	"definition_version" integer NOT NULL,
	"machine_id" text NOT NULL,
	"state_value" jsonb NOT NULL,
	"state" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"status" "process_status" NOT NULL,
	"current_step" text,
	"done" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid,
	"step_key" text DEFAULT '' NOT NULL,
	"direction" "contract_direction" NOT NULL,
	"contract_type" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"number" text NOT NULL,
	"applicant" text DEFAULT '' NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"effective_date" date NOT NULL,
	"end_date" date,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"signatory" text DEFAULT '' NOT NULL,
	"seal_type" text DEFAULT '' NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid,
	"policy_id" uuid,
	"artwork_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"incident_date" date,
	"claimed_amount" numeric(18, 2),
	"paid_amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"paid_on" date,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid,
	"kind" "insurance_kind" NOT NULL,
	"status" "insurance_policy_status" DEFAULT 'active' NOT NULL,
	"policy_no" text DEFAULT '' NOT NULL,
	"insurer" text DEFAULT '' NOT NULL,
	"premium" numeric(18, 2),
	"insured_amount" numeric(18, 2),
	"currency" text DEFAULT 'CNY' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"policy_file_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_policy_artworks" (
	"policy_id" uuid NOT NULL,
	"artwork_id" uuid NOT NULL,
	CONSTRAINT "insurance_policy_artworks_policy_id_artwork_id_pk" PRIMARY KEY("policy_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "payment_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"paying_company" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid,
	"step_key" text DEFAULT '' NOT NULL,
	"contract_id" uuid,
	"direction" "payment_direction" NOT NULL,
	"status" "payment_status" NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"payment_type" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"payee_account_name" text DEFAULT '' NOT NULL,
	"payee_account" text DEFAULT '' NOT NULL,
	"payer_company" text DEFAULT '' NOT NULL,
	"related_event" text DEFAULT '' NOT NULL,
	"cost_attribution" text DEFAULT '' NOT NULL,
	"method" "payment_method",
	"method_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" "message_kind" NOT NULL,
	"process_id" uuid,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"body_zh" text DEFAULT '' NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"sender_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"kind" "file_kind" NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"purpose" "file_purpose" NOT NULL,
	"width" integer,
	"height" integer,
	"cover_file_id" uuid,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dict_code" "dict_code" NOT NULL,
	"value" text NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"parent_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL,
	"registration_no" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"liaison" text NOT NULL,
	"email" text NOT NULL,
	"country_code" text NOT NULL,
	"icon" "room_icon" NOT NULL,
	"location" text NOT NULL,
	"capacity" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text,
	"parent_id" integer,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"kind" "vendor_kind" NOT NULL,
	"country_code" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"legal_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_account_no" text DEFAULT '' NOT NULL,
	"bank_swift" text DEFAULT '' NOT NULL,
	"bank_address" text DEFAULT '' NOT NULL,
	"bank_local_code" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artwork_edit_locks" ADD CONSTRAINT "artwork_edit_locks_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_edit_locks" ADD CONSTRAINT "artwork_edit_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_history" ADD CONSTRAINT "artwork_history_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_history" ADD CONSTRAINT "artwork_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_import_jobs" ADD CONSTRAINT "artwork_import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_import_jobs" ADD CONSTRAINT "artwork_import_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_labels" ADD CONSTRAINT "artwork_labels_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_labels" ADD CONSTRAINT "artwork_labels_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_media" ADD CONSTRAINT "artwork_media_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_media" ADD CONSTRAINT "artwork_media_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_movements" ADD CONSTRAINT "artwork_movements_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artwork_records" ADD CONSTRAINT "artwork_records_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_medium_tag_id_tags_id_fk" FOREIGN KEY ("medium_tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_period_tag_id_tags_id_fk" FOREIGN KEY ("period_tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_invest_market_tag_id_tags_id_fk" FOREIGN KEY ("invest_market_tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_income_stage_tag_id_tags_id_fk" FOREIGN KEY ("income_stage_tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_preview_file_id_files_id_fk" FOREIGN KEY ("preview_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_privileges" ADD CONSTRAINT "role_privileges_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privileges" ADD CONSTRAINT "user_privileges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_artworks" ADD CONSTRAINT "process_artworks_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_artworks" ADD CONSTRAINT "process_artworks_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_history" ADD CONSTRAINT "process_history_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_history" ADD CONSTRAINT "process_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_idempotency_keys" ADD CONSTRAINT "process_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_idempotency_keys" ADD CONSTRAINT "process_idempotency_keys_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_reminders" ADD CONSTRAINT "process_reminders_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_reminders" ADD CONSTRAINT "process_reminders_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD CONSTRAINT "insurance_policy_artworks_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_artworks" ADD CONSTRAINT "insurance_policy_artworks_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_details" ADD CONSTRAINT "payment_details_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_cover_file_id_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_parent_id_dict_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dict_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprises" ADD CONSTRAINT "enterprises_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_parent_id_tags_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tags"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artists_name_zh_idx" ON "artists" USING btree ("name_zh");--> statement-breakpoint
CREATE INDEX "artists_name_en_idx" ON "artists" USING btree ("name_en");--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_history_version_uq" ON "artwork_history" USING btree ("artwork_id","version");--> statement-breakpoint
CREATE INDEX "artwork_history_by_at_idx" ON "artwork_history" USING btree ("by_user_id","at");--> statement-breakpoint
CREATE INDEX "artwork_import_jobs_by_idx" ON "artwork_import_jobs" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "artwork_labels_tag_idx" ON "artwork_labels" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "artwork_media_artwork_idx" ON "artwork_media" USING btree ("artwork_id","seq");--> statement-breakpoint
CREATE INDEX "artwork_media_file_idx" ON "artwork_media" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "artwork_movements_artwork_at_idx" ON "artwork_movements" USING btree ("artwork_id","at");--> statement-breakpoint
CREATE INDEX "artwork_movements_process_idx" ON "artwork_movements" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "artwork_records_artwork_idx" ON "artwork_records" USING btree ("artwork_id","kind","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "artworks_inventory_no_uq" ON "artworks" USING btree ("inventory_no");--> statement-breakpoint
CREATE INDEX "artworks_artist_idx" ON "artworks" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "artworks_status_idx" ON "artworks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "artworks_room_idx" ON "artworks" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "artworks_insurance_idx" ON "artworks" USING btree ("insurance_status");--> statement-breakpoint
CREATE INDEX "artworks_buy_year_idx" ON "artworks" USING btree ("buy_year");--> statement-breakpoint
CREATE INDEX "artworks_created_idx" ON "artworks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "artworks_updated_idx" ON "artworks" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "artworks_medium_idx" ON "artworks" USING btree ("medium_tag_id");--> statement-breakpoint
CREATE INDEX "artworks_period_idx" ON "artworks" USING btree ("period_tag_id");--> statement-breakpoint
CREATE INDEX "artworks_market_idx" ON "artworks" USING btree ("invest_market_tag_id");--> statement-breakpoint
CREATE INDEX "artworks_income_stage_idx" ON "artworks" USING btree ("income_stage_tag_id");--> statement-breakpoint
CREATE INDEX "artworks_packaging_idx" ON "artworks" USING btree ("packaging_type");--> statement-breakpoint
CREATE INDEX "artworks_in_warehouse_idx" ON "artworks" USING btree ("in_warehouse");--> statement-breakpoint
CREATE INDEX "artworks_transport_idx" ON "artworks" USING btree ("transport_status");--> statement-breakpoint
CREATE INDEX "artworks_valuation_idx" ON "artworks" USING btree ("latest_valuation_currency","latest_valuation");--> statement-breakpoint
CREATE INDEX "artworks_title_zh_idx" ON "artworks" USING btree ("title_zh");--> statement-breakpoint
CREATE INDEX "artworks_title_en_idx" ON "artworks" USING btree ("title_en");--> statement-breakpoint
CREATE INDEX "artworks_search_idx" ON "artworks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "system_logs_access_time_idx" ON "system_logs" USING btree ("access_time");--> statement-breakpoint
CREATE INDEX "system_logs_user_time_idx" ON "system_logs" USING btree ("create_by_user_id","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_module_time_idx" ON "system_logs" USING btree ("module_name","access_time");--> statement-breakpoint
CREATE INDEX "system_logs_success_time_idx" ON "system_logs" USING btree ("success","access_time");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_key_uq" ON "roles" USING btree ("key");--> statement-breakpoint
CREATE INDEX "roles_enabled_idx" ON "roles" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "process_artworks_artwork_idx" ON "process_artworks" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "process_history_by_at_idx" ON "process_history" USING btree ("by_user_id","at");--> statement-breakpoint
CREATE INDEX "process_history_event_idx" ON "process_history" USING btree ("event_type");--> statement-breakpoint
CREATE INDEX "process_idempotency_created_idx" ON "process_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "process_reminders_due_idx" ON "process_reminders" USING btree ("due_at") WHERE "process_reminders"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "process_reminders_process_idx" ON "process_reminders" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "processes_type_status_idx" ON "processes" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "processes_status_idx" ON "processes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "processes_type_state_idx" ON "processes" USING btree ("type","state");--> statement-breakpoint
CREATE INDEX "processes_step_idx" ON "processes" USING btree ("current_step");--> statement-breakpoint
CREATE INDEX "processes_created_by_idx" ON "processes" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "processes_created_at_idx" ON "processes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "processes_updated_at_idx" ON "processes" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_process_step_uq" ON "contracts" USING btree ("process_id","step_key");--> statement-breakpoint
CREATE INDEX "contracts_number_idx" ON "contracts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "contracts_direction_idx" ON "contracts" USING btree ("direction","effective_date");--> statement-breakpoint
CREATE INDEX "contracts_effective_idx" ON "contracts" USING btree ("effective_date");--> statement-breakpoint
CREATE INDEX "contracts_end_idx" ON "contracts" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_process_uq" ON "insurance_claims" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_policy_idx" ON "insurance_claims" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_created_idx" ON "insurance_claims" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_process_uq" ON "insurance_policies" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_end_idx" ON "insurance_policies" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "insurance_policies_policy_no_idx" ON "insurance_policies" USING btree ("policy_no");--> statement-breakpoint
CREATE INDEX "insurance_policy_artworks_artwork_idx" ON "insurance_policy_artworks" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "payment_details_payment_idx" ON "payment_details" USING btree ("payment_id","sort");--> statement-breakpoint
CREATE INDEX "payments_process_idx" ON "payments" USING btree ("process_id","step_key");--> statement-breakpoint
CREATE INDEX "payments_contract_idx" ON "payments" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "payments_status_at_idx" ON "payments" USING btree ("status","at");--> statement-breakpoint
CREATE INDEX "payments_direction_at_idx" ON "payments" USING btree ("direction","at");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_company");--> statement-breakpoint
CREATE INDEX "messages_recipient_created_idx" ON "messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_unread_idx" ON "messages" USING btree ("recipient_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_process_idx" ON "messages" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_uq" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "files_purpose_idx" ON "files" USING btree ("purpose","created_at");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_cover_file_idx" ON "files" USING btree ("cover_file_id");--> statement-breakpoint
CREATE INDEX "countries_enabled_sort_idx" ON "countries" USING btree ("enabled","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_code_value_uq" ON "dict_items" USING btree ("dict_code","value");--> statement-breakpoint
CREATE INDEX "dict_items_code_sort_idx" ON "dict_items" USING btree ("dict_code","sort");--> statement-breakpoint
CREATE INDEX "dict_items_parent_idx" ON "dict_items" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_code_uq" ON "enterprises" USING btree ("code");--> statement-breakpoint
CREATE INDEX "enterprises_country_idx" ON "enterprises" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "enterprises_currency_idx" ON "enterprises" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "enterprises_enabled_sort_idx" ON "enterprises" USING btree ("enabled","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_code_uq" ON "organizations" USING btree ("code");--> statement-breakpoint
CREATE INDEX "organizations_enabled_sort_idx" ON "organizations" USING btree ("enabled","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_code_uq" ON "rooms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "rooms_country_idx" ON "rooms" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "rooms_enabled_sort_idx" ON "rooms" USING btree ("enabled","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_code_uq" ON "tags" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tags_parent_sort_idx" ON "tags" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "tags_enabled_idx" ON "tags" USING btree ("enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_number_uq" ON "vendors" USING btree ("number");--> statement-breakpoint
CREATE INDEX "vendors_kind_idx" ON "vendors" USING btree ("kind","number");--> statement-breakpoint
CREATE INDEX "vendors_country_idx" ON "vendors" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "vendors_enabled_sort_idx" ON "vendors" USING btree ("enabled","sort");
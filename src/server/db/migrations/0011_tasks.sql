CREATE TYPE "public"."task_kind" AS ENUM('fill', 'approve', 'confirmPayment', 'depart', 'arrive', 'return', 'count');--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid,
	"recipient_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"type" "process_type" NOT NULL,
	"step" text NOT NULL,
	"version" integer NOT NULL,
	"bands" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_type_step_version_pk" PRIMARY KEY("type","step","version")
);
--> statement-breakpoint
CREATE TABLE "delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"process_type" "process_type",
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "process_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"type" "process_type" NOT NULL,
	"step" text NOT NULL,
	"kind" "task_kind" NOT NULL,
	"state" text NOT NULL,
	"privileges" text[] NOT NULL,
	"candidate_role_id" uuid,
	"candidate_user_ids" uuid[],
	"excluded_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"approvals_needed" integer DEFAULT 1 NOT NULL,
	"approvals_done" integer DEFAULT 0 NOT NULL,
	"approval_role_key" text,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"remind_at" timestamp with time zone,
	"escalation" smallint DEFAULT 0 NOT NULL,
	"escalate_at" timestamp with time zone,
	"manager_role_id" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_by_event" text
);
--> statement-breakpoint
CREATE TABLE "task_settings" (
	"type" "process_type" NOT NULL,
	"step" text NOT NULL,
	"kind" "task_kind" NOT NULL,
	"due_days" integer NOT NULL,
	"remind_before_hours" integer NOT NULL,
	"escalate_after_days" integer NOT NULL,
	"manager_role_id" uuid,
	"candidate_role_id" uuid,
	"candidate_user_ids" uuid[],
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_settings_type_step_kind_pk" PRIMARY KEY("type","step","kind")
);
--> statement-breakpoint
ALTER TABLE "process_history" ALTER COLUMN "by_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "process_history" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_tasks" ADD CONSTRAINT "process_tasks_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_tasks" ADD CONSTRAINT "process_tasks_candidate_role_id_roles_id_fk" FOREIGN KEY ("candidate_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_tasks" ADD CONSTRAINT "process_tasks_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_tasks" ADD CONSTRAINT "process_tasks_manager_role_id_roles_id_fk" FOREIGN KEY ("manager_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_tasks" ADD CONSTRAINT "process_tasks_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_settings" ADD CONSTRAINT "task_settings_manager_role_id_roles_id_fk" FOREIGN KEY ("manager_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_settings" ADD CONSTRAINT "task_settings_candidate_role_id_roles_id_fk" FOREIGN KEY ("candidate_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_settings" ADD CONSTRAINT "task_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null and "email_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "delegations_to_idx" ON "delegations" USING btree ("to_user_id","starts_on") WHERE "delegations"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "delegations_from_idx" ON "delegations" USING btree ("from_user_id","starts_on") WHERE "delegations"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "process_tasks_open_process_idx" ON "process_tasks" USING btree ("process_id") WHERE "process_tasks"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "process_tasks_open_due_idx" ON "process_tasks" USING btree ("due_at") WHERE "process_tasks"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "process_tasks_open_privileges_idx" ON "process_tasks" USING gin ("privileges") WHERE "process_tasks"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "process_tasks_remind_idx" ON "process_tasks" USING btree ("remind_at") WHERE "process_tasks"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "process_tasks_escalate_idx" ON "process_tasks" USING btree ("escalate_at") WHERE "process_tasks"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "process_history" ADD CONSTRAINT "process_history_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The event function (0010) also records whom a delegate acted for (process_history.on_behalf_of) and returns it
-- with each history row; the name of that user comes back with the others.
drop function if exists process_apply_event(uuid, int, jsonb, text, jsonb, process_status, text, boolean, timestamptz,
  text, text, uuid, text, jsonb, int, uuid[], boolean, int, text, text, text);--> statement-breakpoint
create or replace function process_apply_event(
  p_id uuid,
  p_expected_version int,
  p_state_value jsonb,
  p_state text,
  p_snapshot jsonb,
  p_status process_status,
  p_current_step text,
  p_done boolean,
  p_at timestamptz,
  p_event_type text,
  p_from_state text,
  p_by uuid,
  p_comment text,
  p_payload jsonb,
  p_known_seq int,
  p_people uuid[],
  p_with_artworks boolean,
  p_definition_version int,
  p_allowed_by text,
  p_key text,
  p_request_hash text,
  p_on_behalf_of uuid
)
returns table (o_updated int, o_newer json, o_names json, o_artworks json)
language plpgsql
as $fn$
#variable_conflict use_column
begin
  if p_key is not null then
    insert into process_idempotency_keys (user_id, key, request_hash, process_id, event_type)
      values (p_by, p_key, p_request_hash, p_id, p_event_type)
      on conflict do nothing;
    if not found then
      return query select -1, null::json, null::json, null::json;
      return;
    end if;
  end if;
  return query
    with u as (
      update processes
         set state_value = p_state_value, state = p_state, snapshot = p_snapshot, status = p_status,
             current_step = p_current_step, done = p_done, version = p_expected_version + 1,
             updated_at = p_at, finished_at = case when p_done then p_at end
       where id = p_id and version = p_expected_version
      returning id
    ), h as (
      insert into process_history (process_id, seq, event_type, from_state, to_state, by_user_id, at, comment,
                                   payload, definition_version, allowed_by, on_behalf_of)
      select u.id, p_expected_version + 1, p_event_type, p_from_state, p_state, p_by, p_at, p_comment, p_payload,
             p_definition_version, p_allowed_by, p_on_behalf_of
        from u
    )
    select (select count(*)::int from u),
      (select json_agg(json_build_array(ph.seq, ph.event_type, ph.from_state, ph.to_state, ph.by_user_id, ph.at,
                ph.comment, ph.payload, ph.definition_version, ph.allowed_by, ph.on_behalf_of) order by ph.seq)
         from process_history ph where ph.process_id = p_id and ph.seq > p_known_seq),
      (select json_object_agg(us.id, us.display_name) from users us
        where us.id = any(p_people)
           or us.id in (select ph.by_user_id from process_history ph
                         where ph.process_id = p_id and ph.seq > p_known_seq)
           or us.id in (select ph.on_behalf_of from process_history ph
                         where ph.process_id = p_id and ph.seq > p_known_seq)),
      case when p_with_artworks then
        (select json_agg(json_build_array(a.id, a.inventory_no, a.title_zh, a.title_en) order by a.inventory_no)
           from process_artworks pa join artworks a on a.id = pa.artwork_id where pa.process_id = p_id)
      end;
end
$fn$;

CREATE TABLE "audit_chains" (
	"name" text PRIMARY KEY NOT NULL,
	"last_no" bigint DEFAULT 0 NOT NULL,
	"head" text NOT NULL,
	"pruned_no" bigint DEFAULT 0 NOT NULL,
	"pruned_head" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_ok" boolean
);
--> statement-breakpoint
ALTER TABLE "artwork_history" ADD COLUMN "chain_no" bigint;--> statement-breakpoint
ALTER TABLE "artwork_history" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "process_history" ADD COLUMN "chain_no" bigint;--> statement-breakpoint
ALTER TABLE "process_history" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "system_logs" ADD COLUMN "chain_no" bigint;--> statement-breakpoint
ALTER TABLE "system_logs" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "artwork_history_chain_uq" ON "artwork_history" USING btree ("chain_no");--> statement-breakpoint
CREATE UNIQUE INDEX "process_history_chain_uq" ON "process_history" USING btree ("chain_no");--> statement-breakpoint
CREATE UNIQUE INDEX "system_logs_chain_uq" ON "system_logs" USING btree ("chain_no");--> statement-breakpoint
-- The three chains start empty: their head before the first row is 64 zeros. Rows written before this
-- migration are chained by the server at boot, in order (src/server/audit/backfill.ts).
insert into audit_chains (name, head, pruned_head) values
  ('process_history', repeat('0', 64), repeat('0', 64)),
  ('artwork_history', repeat('0', 64), repeat('0', 64)),
  ('system_logs', repeat('0', 64), repeat('0', 64));
--> statement-breakpoint
-- One link per canonical row given, in order, onto the chain's head: position = last + 1, hash =
-- sha256(previous hash as 64 hex digits ‖ the row's canonical JSON, UTF-8). The chain's row is locked
-- (FOR UPDATE) until the caller's transaction ends, so writers on any number of servers append one at a
-- time; the canonical JSON is made by the app (src/server/audit/canonical.ts), which verifies the same way.
create function audit_chain_link(p_chain text, p_rows text[])
returns table (o_no bigint, o_hash text)
language plpgsql
as $fn$
declare
  v_no bigint;
  v_head text;
  v_row text;
begin
  select last_no, head into v_no, v_head from audit_chains where name = p_chain for update;
  if not found then
    raise exception 'no hash chain named %', p_chain;
  end if;
  foreach v_row in array p_rows loop
    v_no := v_no + 1;
    v_head := encode(sha256(convert_to(v_head || v_row, 'UTF8')), 'hex');
    o_no := v_no;
    o_hash := v_head;
    return next;
  end loop;
  update audit_chains set last_no = v_no, head = v_head where name = p_chain;
end
$fn$;
--> statement-breakpoint
drop function if exists process_apply_event(uuid, int, jsonb, text, jsonb, process_status, text, boolean, timestamptz,
  text, text, uuid, text, jsonb, int, uuid[], boolean, int, text, text, text, uuid);
--> statement-breakpoint
-- The write of every process event (0011), now also linking the history row into the history's hash chain
-- (p_canonical: the row's canonical JSON, made by the app) in the same statement.
create function process_apply_event(
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
  p_on_behalf_of uuid,
  p_canonical text
)
returns table (o_updated int, o_newer json, o_names json, o_artworks json)
language plpgsql
as $fn$
#variable_conflict use_column
declare
  v_updated int;
  v_no bigint;
  v_hash text;
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
  update processes
     set state_value = p_state_value, state = p_state, snapshot = p_snapshot, status = p_status,
         current_step = p_current_step, done = p_done, version = p_expected_version + 1,
         updated_at = p_at, finished_at = case when p_done then p_at end
   where id = p_id and version = p_expected_version;
  get diagnostics v_updated = row_count;
  if v_updated = 1 then
    select l.o_no, l.o_hash into v_no, v_hash from audit_chain_link('process_history', array[p_canonical]) l;
    insert into process_history (process_id, seq, event_type, from_state, to_state, by_user_id, at, comment,
                                 payload, definition_version, allowed_by, on_behalf_of, chain_no, hash)
      values (p_id, p_expected_version + 1, p_event_type, p_from_state, p_state, p_by, p_at, p_comment, p_payload,
              p_definition_version, p_allowed_by, p_on_behalf_of, v_no, v_hash);
  end if;
  return query
    select v_updated,
      (select json_agg(json_build_array(ph.seq, ph.event_type, ph.from_state, ph.to_state, ph.by_user_id, ph.at,
                ph.comment, ph.payload, ph.definition_version, ph.allowed_by, ph.on_behalf_of) order by ph.seq)
         from process_history ph where ph.process_id = p_id and ph.seq > p_known_seq
          and ph.seq <= p_expected_version),
      (select json_object_agg(us.id, us.display_name) from users us
        where us.id = any(p_people)
           or us.id in (select ph.by_user_id from process_history ph
                         where ph.process_id = p_id and ph.seq > p_known_seq and ph.seq <= p_expected_version)
           or us.id in (select ph.on_behalf_of from process_history ph
                         where ph.process_id = p_id and ph.seq > p_known_seq and ph.seq <= p_expected_version)),
      case when p_with_artworks then
        (select json_agg(json_build_array(a.id, a.inventory_no, a.title_zh, a.title_en) order by a.inventory_no)
           from process_artworks pa join artworks a on a.id = pa.artwork_id where pa.process_id = p_id)
      end;
end
$fn$;
--> statement-breakpoint
-- The history stays append-only; the one change allowed is the server's linking, once, of a row written
-- before the chain existed (its chain position and hash set from nothing, every other column unchanged).
create or replace function process_history_append_only() returns trigger
language plpgsql
as $fn$
begin
  if tg_op = 'UPDATE' then
    if old.chain_no is null and old.hash is null
       and (to_jsonb(new) - 'chain_no' - 'hash') = (to_jsonb(old) - 'chain_no' - 'hash') then
      return new;
    end if;
  end if;
  raise exception 'process_history is append-only: % refused', tg_op
    using hint = 'A process ends by TERMINATE; its history is never changed or removed.';
end
$fn$;

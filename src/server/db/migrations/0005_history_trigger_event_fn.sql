-- A history you can trust: process_history refuses UPDATE, DELETE and TRUNCATE in the database
-- itself, whoever connects; and the event function (0001) now records the machine version and what
-- allowed the action on each history row, and claims the request's idempotency key before it writes.
create or replace function process_history_append_only() returns trigger
language plpgsql
as $fn$
begin
  raise exception 'process_history is append-only: % refused', tg_op
    using hint = 'A process ends by TERMINATE; its history is never changed or removed.';
end
$fn$;
--> statement-breakpoint
create trigger process_history_no_update_delete
  before update or delete on process_history
  for each row execute function process_history_append_only();
--> statement-breakpoint
create trigger process_history_no_truncate
  before truncate on process_history
  for each statement execute function process_history_append_only();
--> statement-breakpoint
drop function if exists process_apply_event(uuid, int, jsonb, text, jsonb, process_status, text, boolean,
  timestamptz, text, text, uuid, text, jsonb, int, uuid[], boolean);
--> statement-breakpoint
-- The write of every process event (src/server/modules/process/process-store.ts), planned once per
-- connection: claim the idempotency key when the request carries one (o_updated -1: the key is another
-- request's or this one's first run, nothing written; a concurrent claim of the same key waits for it),
-- update the process row only if its version still matches, append the history row with seq = the new
-- version, its machine version and what allowed it, and read what the event's view needs beside (history
-- rows after those the server holds, the authors' names, the subject artworks). o_updated is 0 when the
-- version no longer matched: nothing was written (the caller rolls back the key it claimed).
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
  p_request_hash text
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
                                   payload, definition_version, allowed_by)
      select u.id, p_expected_version + 1, p_event_type, p_from_state, p_state, p_by, p_at, p_comment, p_payload,
             p_definition_version, p_allowed_by
        from u
    )
    select (select count(*)::int from u),
      (select json_agg(json_build_array(ph.seq, ph.event_type, ph.from_state, ph.to_state, ph.by_user_id, ph.at,
                ph.comment, ph.payload) order by ph.seq)
         from process_history ph where ph.process_id = p_id and ph.seq > p_known_seq),
      (select json_object_agg(us.id, us.display_name) from users us
        where us.id = any(p_people)
           or us.id in (select ph.by_user_id from process_history ph
                         where ph.process_id = p_id and ph.seq > p_known_seq)),
      case when p_with_artworks then
        (select json_agg(json_build_array(a.id, a.inventory_no, a.title_zh, a.title_en) order by a.inventory_no)
           from process_artworks pa join artworks a on a.id = pa.artwork_id where pa.process_id = p_id)
      end;
end
$fn$;

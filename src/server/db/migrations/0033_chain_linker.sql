-- The hash chains are linked after the write, by one linker (src/server/audit/linker.ts), instead of in the
-- writing transaction: a process event no longer locks the chain's head row until its commit is flushed. The
-- history row is written without a position, its `hash` holding the digest of its own canonical text
-- (sha256 of the text alone) until the linker gives it its position and its chained hash.
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
  p_on_behalf_of uuid,
  p_canonical text
)
returns table (o_updated int, o_newer json, o_names json, o_artworks json)
language plpgsql
as $fn$
#variable_conflict use_column
declare
  v_updated int;
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
    -- Written unlinked: no chain position yet, and as its hash the digest of its own canonical text, which the
    -- linker checks before it links the row (src/server/audit/linker.ts).
    v_hash := encode(sha256(convert_to(p_canonical, 'UTF8')), 'hex');
    insert into process_history (process_id, seq, event_type, from_state, to_state, by_user_id, at, comment,
                                 payload, definition_version, allowed_by, on_behalf_of, chain_no, hash)
      values (p_id, p_expected_version + 1, p_event_type, p_from_state, p_state, p_by, p_at, p_comment, p_payload,
              p_definition_version, p_allowed_by, p_on_behalf_of, null, v_hash);
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
-- The history stays append-only; the one change allowed is the linking, once, of a row without a position:
-- its position set and its hash set or replaced (from nothing, for a row older than the chains; from its
-- digest, for a row written since), every other column unchanged.
create or replace function process_history_append_only() returns trigger
language plpgsql
as $fn$
begin
  if tg_op = 'UPDATE' then
    if old.chain_no is null and new.chain_no is not null and new.hash is not null
       and (to_jsonb(new) - 'chain_no' - 'hash') = (to_jsonb(old) - 'chain_no' - 'hash') then
      return new;
    end if;
  end if;
  raise exception 'process_history is append-only: % refused', tg_op
    using hint = 'A process ends by TERMINATE; its history is never changed or removed.';
end
$fn$;
--> statement-breakpoint
-- The linker computes the links itself (src/server/audit/chain.ts `linkHash`, the rule verification checks)
-- and moves the head in the same transaction: the function that did it inside each writing transaction goes.
drop function if exists audit_chain_link(text, text[]);

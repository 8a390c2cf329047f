// The world a process leaves behind (docs/architecture.md § Workflow runtime: "no artwork is ever left transporting, on loan
// or held by a process that has ended; no policy stays active, no reminder pending, for a process that
// ended without it"; no policy issued on a sold or missing work, one renewal reminder per policy, no void
// policy lapsed), checked by SQL over the whole database. Reused after every model walk and on the
// demo database: `assertWorldConsistent(t)` fails with one line per offending artwork, policy or reminder.
// Money too: every payment under a contract of its own process in its currency, one live contract per
// process step, a completed purchase or sale paid in full, one running or paid request per recorded cost.
// Ownership: the running periods of an artwork add up to 100 % (or none runs); a work in care, borrowed or
// given back has none, and is in care or borrowed only while the process that brought it in says so.
import { expect } from 'vitest'
import { MESSAGES } from '../../src/shared/errors'
import type { TestContext } from './helpers'

/** The English title of a policy's renewal reminder up to its first parameter (the messages' own words). */
const RENEWAL_REMINDER_TITLE = MESSAGES.msgReminderInsurance.en.split('{')[0]

/** A live process: not finished and not terminated (a terminated one may be restarted, but holds nothing). */
const LIVE = `(p.done = false and p.status <> 'terminated')`

/**
 * A name with nothing to see: only whitespace, zero-width, default-ignorable and text-direction characters
 * (the SQL side of `hasVisibleText` in src/shared/validation.ts; PostgreSQL's regular expressions know no
 * Unicode properties, so the characters are listed).
 */
const INVISIBLE_ONLY = `'^[[:space:]\\u0085\\u00A0\\u00AD\\u034F\\u061C\\u115F\\u1160\\u1680\\u17B4\\u17B5\\u180B-\\u180F\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u2800\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0]*$'`

/** Rows `who, id, what` for every name column of a table holding nothing visible (an empty optional name is fine). */
function invisibleNames(table: string, who: string, id: string, columns: string[]): string {
  return columns
    .map(
      (column) => `select ${who} as who, ${id}::text as id, '${table}.${column}' as what from ${table}
        where ${column} <> '' and ${column} ~ ${INVISIBLE_ONLY}`,
    )
    .join('\n      union all ')
}

/** Each check: what must not exist, as rows that name the offender. */
const CHECKS: { rule: string; sql: string }[] = [
  {
    rule: 'transporting without a live process of its own in transit',
    sql: `select a.inventory_no as who, a.id, a.transport_status as what from artworks a
      where a.transport_status = 'transporting' and not exists (
        select 1 from process_artworks pa join processes p on p.id = pa.process_id
        where pa.artwork_id = a.id and ${LIVE} and p.status = 'transporting')`,
  },
  {
    rule: 'to be transported without a live process of its own waiting to depart',
    sql: `select a.inventory_no as who, a.id, a.transport_status as what from artworks a
      where a.transport_status = 'to_be_transported' and not exists (
        select 1 from process_artworks pa join processes p on p.id = pa.process_id
        where pa.artwork_id = a.id and ${LIVE} and p.status = 'toBeTransported')`,
  },
  {
    rule: 'on loan without a live loan of its own in return.onLoan',
    sql: `select a.inventory_no as who, a.id, a.status::text as what from artworks a
      where a.status = 'on_loan' and not exists (
        select 1 from process_artworks pa join processes p on p.id = pa.process_id
        where pa.artwork_id = a.id and ${LIVE} and p.type = 'OPERATION_LOAN_EXHIBITION_ART'
          and p.state = 'return.onLoan')`,
  },
  {
    rule: 'held by a process that has ended, or that does not name it',
    sql: `select a.inventory_no as who, a.id,
        coalesce(p.type::text || ' ' || p.state || case when p.done then ' (done)' else '' end, 'no such process')
          as what
      from artworks a left join processes p on p.id = a.active_process_id
      where a.active_process_id is not null and (p.id is null or not ${LIVE} or not exists (
        select 1 from process_artworks pa where pa.process_id = p.id and pa.artwork_id = a.id))`,
  },
  {
    // Outside the warehouse (and neither sold, lent nor missing), held by no process, its latest movement
    // written by a process that was then terminated without saying where the works are now: nobody knows
    // where it is (a repair called off with the work still at the restorer).
    rule: 'outside the warehouse where a terminated process left it without saying where it is',
    sql: `select a.inventory_no as who, a.id,
        p.type::text || ' terminated after ' || m.kind::text || ', at "' || a.location_text || '"' as what
      from artworks a
      join artwork_movements m on m.artwork_id = a.id and m.until = 'infinity'
      join processes p on p.id = m.process_id
      where not a.in_warehouse and a.status in ('in_collection', 'purchased') and a.active_process_id is null
        and p.status = 'terminated' and m.kind <> 'transport_aborted'`,
  },
  {
    rule: 'a live process in transit whose artworks are not transporting',
    sql: `select a.inventory_no as who, a.id, p.type::text || ' ' || p.state || ' / ' || a.transport_status as what
      from processes p join process_artworks pa on pa.process_id = p.id join artworks a on a.id = pa.artwork_id
      where ${LIVE} and p.status = 'transporting' and a.transport_status <> 'transporting'`,
  },
  {
    rule: 'a live process waiting to depart whose artworks are not to be transported',
    sql: `select a.inventory_no as who, a.id, p.type::text || ' ' || p.state || ' / ' || a.transport_status as what
      from processes p join process_artworks pa on pa.process_id = p.id join artworks a on a.id = pa.artwork_id
      where ${LIVE} and p.status = 'toBeTransported' and a.transport_status <> 'to_be_transported'`,
  },
  {
    rule: 'a live loan on loan whose artworks are not on loan',
    sql: `select a.inventory_no as who, a.id, p.state || ' / ' || a.status::text as what
      from processes p join process_artworks pa on pa.process_id = p.id join artworks a on a.id = pa.artwork_id
      where ${LIVE} and p.state = 'return.onLoan' and a.status <> 'on_loan'`,
  },
  {
    // Counted missing while away: the status says missing in transit, or the latest movement is a count's
    // "missing" on a work that stayed on loan or sold.
    rule: 'missing while transporting, on loan or sold',
    sql: `select a.inventory_no as who, a.id, a.status::text || ' / ' || a.transport_status as what from artworks a
      where (a.status = 'missing' and a.transport_status <> 'none') or (a.status <> 'missing' and exists (
        select 1 from artwork_movements m
        where m.artwork_id = a.id and m.until = 'infinity' and m.kind = 'stocktake_missing'))`,
  },
  {
    // A sold work stays where it is until its delivery moves it; a lent one is at the borrower's.
    rule: 'on loan, yet in the warehouse or in a room',
    sql: `select a.inventory_no as who, a.id,
        a.status::text || case when a.in_warehouse then ' / in the warehouse' else '' end
          || coalesce(' / room ' || a.room_id::text, '') as what
      from artworks a where a.status = 'on_loan' and (a.in_warehouse or a.room_id is not null)`,
  },
  {
    rule: 'missing, yet in the warehouse or in a room',
    sql: `select a.inventory_no as who, a.id, coalesce('room ' || a.room_id::text, 'in the warehouse') as what
      from artworks a where a.status = 'missing' and (a.in_warehouse or a.room_id is not null)`,
  },
  {
    // The place in a room is changed by a movement within it, so the ledger's latest row says what the
    // artwork says: the room and the place in it (or where it is, outside the warehouse).
    rule: 'its room or place differs from the latest movement in the ledger',
    sql: `select a.inventory_no as who, a.id,
        coalesce(a.room_id::text, '-') || ' ' || a.location_text || ' / ledger: '
          || coalesce(m.to_room_id::text, '-') || ' ' || m.to_location as what
      from artworks a join artwork_movements m on m.artwork_id = a.id and m.until = 'infinity'
      where m.to_room_id is distinct from a.room_id or m.to_location <> a.location_text`,
  },
  {
    rule: 'in a room that does not exist',
    sql: `select a.inventory_no as who, a.id, a.room_id::text as what from artworks a
      where a.room_id is not null and not exists (select 1 from rooms r where r.id = a.room_id)`,
  },
  {
    rule: 'missing while a live process holds it',
    sql: `select a.inventory_no as who, a.id, p.type::text || ' ' || p.state as what
      from artworks a join processes p on p.id = a.active_process_id
      where a.status = 'missing' and ${LIVE}`,
  },
  {
    rule: 'policy active although its process was terminated',
    sql: `select coalesce(nullif(ip.policy_no, ''), ip.id::text) as who, ip.process_id as id, p.state as what
      from insurance_policies ip join processes p on p.id = ip.process_id
      where ip.status = 'active' and p.status = 'terminated'`,
  },
  {
    rule: 'policy issued after its artwork was sold or counted missing',
    sql: `select a.inventory_no as who, a.id,
        coalesce(nullif(ip.policy_no, ''), ip.id::text) || ' active since ' || to_char(ip.updated_at, 'YYYY-MM-DD HH24:MI:SS')
          || ', the artwork ' || a.status::text || ' since ' || to_char(m.at, 'YYYY-MM-DD HH24:MI:SS') as what
      from insurance_policies ip
      join insurance_policy_artworks l on l.policy_id = ip.id and l.removed_on is null
      join artworks a on a.id = l.artwork_id
      join lateral (select max(m.at) as at from artwork_movements m where m.artwork_id = a.id
        and m.kind::text = case a.status when 'sold' then 'sold' else 'stocktake_missing' end) m on true
      where ip.status = 'active' and a.status in ('sold', 'missing') and m.at < ip.updated_at`,
  },
  {
    rule: 'more than one renewal reminder for one policy',
    sql: `select coalesce(nullif(ip.policy_no, ''), ip.id::text) as who, ip.process_id as id,
        count(*)::text || ' reminder messages' as what
      from insurance_policies ip join messages m on m.process_id = ip.process_id
      where m.kind = 'reminder' and m.title_en like '${RENEWAL_REMINDER_TITLE}%'
      group by ip.id, ip.policy_no, ip.process_id having count(*) > 1`,
  },
  {
    rule: 'policy lapsed although it was void (its process terminated before the lapse)',
    sql: `select coalesce(nullif(ip.policy_no, ''), ip.id::text) as who, ip.process_id as id,
        'lapsed ' || to_char(ip.updated_at, 'YYYY-MM-DD HH24:MI:SS') as what
      from insurance_policies ip join processes p on p.id = ip.process_id
      where ip.status = 'lapsed' and p.status = 'terminated'
        and (select max(h.at) from process_history h where h.process_id = p.id and h.event_type = 'TERMINATE')
          <= ip.updated_at`,
  },
  {
    rule: 'reminder pending although its process was terminated',
    sql: `select r.kind::text as who, r.process_id as id, to_char(r.due_at, 'YYYY-MM-DD') as what
      from process_reminders r join processes p on p.id = r.process_id
      where r.delivered_at is null and r.cancelled_at is null and p.status = 'terminated'`,
  },
  {
    rule: 'an open task of a process that has ended, or of a state it has left',
    sql: `select p.type::text || ' ' || p.id as who, t.id, t.kind::text || ' in ' || t.state || ' (now ' || p.state || ')' as what
      from process_tasks t join processes p on p.id = t.process_id
      where t.closed_at is null and (not ${LIVE} or t.state <> p.state)`,
  },
  {
    rule: 'a live process waiting for a person with no open task',
    sql: `select p.type::text || ' ' || p.id as who, p.id, p.state as what from processes p
      where ${LIVE} and not exists (select 1 from process_tasks t where t.process_id = p.id and t.closed_at is null)`,
  },
  {
    rule: 'two open tasks of one kind on one step of a process',
    sql: `select t.process_id::text as who, t.process_id as id, t.step || ' ' || t.kind::text as what
      from process_tasks t where t.closed_at is null group by t.process_id, t.step, t.kind having count(*) > 1`,
  },
  {
    // The office is never locked out of administration: no change (nor a user manager's) takes the last one.
    rule: 'no enabled user holds an enabled full-privilege role',
    sql: `select 'administration' as who, '' as id, 'nobody may administer the office' as what
      where not exists (select 1 from users u join user_roles ur on ur.user_id = u.id
        join roles r on r.id = ur.role_id where u.enabled and r.enabled and r.all_privileges)`,
  },
  {
    rule: 'a payment not under a contract of its process in its own currency (or not under the contract its process has)',
    sql: `select coalesce(c.number, p.contract_id::text, 'no contract') as who, p.id,
        p.currency || ' payment / ' || coalesce(c.currency || ' contract of ' || coalesce(c.process_id::text, 'no process'),
          'contract missing') as what
      from payments p left join contracts c on c.id = p.contract_id
      where (p.contract_id is not null and (c.id is null or c.process_id is distinct from p.process_id
               or c.currency <> p.currency))
         or (p.contract_id is null and p.process_id is not null
               and exists (select 1 from contracts k where k.process_id = p.process_id))`,
  },
  {
    rule: 'two payment requests running or paid for the same cost',
    sql: `select (p.snapshot->'context'->'subject'->>'forProcessId') || ' ' ||
          coalesce(p.snapshot->'context'->'subject'->>'forStep', '') as who,
        min(p.id::text) as id, count(*)::text || ' requests' as what
      from processes p
      where p.type = 'FINANCE_PAYMENT' and p.status <> 'terminated'
        and p.snapshot->'context'->'subject'->>'forProcessId' is not null
      group by 1 having count(*) > 1`,
  },
  {
    // A purchase or a sale completes with its payment: its contract is paid in full then, never partly.
    rule: 'a completed purchase or sale whose contract still has an amount outstanding',
    sql: `select coalesce(nullif(c.number, ''), c.id::text) as who, p.id,
        p.type::text || ' completed, ' || c.currency || ' ' || (c.amount - q.paid)::text || ' outstanding' as what
      from processes p join contracts c on c.process_id = p.id and c.superseded_at is null
        cross join lateral (select coalesce(sum(y.amount), 0) as paid from payments y
          where y.contract_id = c.id and y.status = 'paid') q
      where p.done and p.status = 'completed' and q.paid <> c.amount`,
  },
  {
    rule: 'more than one live contract of a process step',
    sql: `select c.step_key as who, c.process_id as id, count(*)::text || ' live contracts' as what
      from contracts c where c.superseded_at is null and c.process_id is not null
      group by c.process_id, c.step_key having count(*) > 1`,
  },
  {
    rule: 'a user, role, artwork, artist or reference name with nothing visible',
    sql: [
      invisibleNames('users', 'username', 'id', ['display_name', 'display_name_en']),
      invisibleNames('roles', 'key', 'id', ['name_zh', 'name_en']),
      invisibleNames('artworks', 'inventory_no', 'id', ['title_zh', 'title_en']),
      invisibleNames('artists', 'id::text', 'id', ['name_zh', 'name_en']),
      invisibleNames('tags', 'id::text', 'id', ['name_zh', 'name_en']),
      invisibleNames('dict_items', 'value', 'id', ['label_zh', 'label_en']),
      invisibleNames('rooms', 'id::text', 'id', ['name_zh', 'name_en']),
    ].join('\n      union all '),
  },
  {
    rule: 'a decision (approve, reject, pay) by the submitting side of the submission it decides',
    sql: `select p.type::text || ' ' || p.id as who, d.process_id as id,
        d.event_type || ' #' || d.seq || ' on SUBMIT #' || s.seq as what
      from process_history d join processes p on p.id = d.process_id
      join lateral (select h.seq, h.by_user_id, h.on_behalf_of from process_history h
        where h.process_id = d.process_id and h.seq < d.seq and h.event_type = 'SUBMIT'
        order by h.seq desc limit 1) s on true
      where d.event_type in ('APPROVE', 'REJECT', 'CONFIRM_PAYMENT', 'PAYMENT_FAILED', 'RETRY_PAYMENT')
        and (d.by_user_id in (s.by_user_id, s.on_behalf_of) or d.on_behalf_of in (s.by_user_id, s.on_behalf_of))`,
  },
  {
    rule: "an artwork's current shares add up to 100 or it has no owner",
    sql: `select a.inventory_no as who, a.id, sum(o.share_percent)::text as what from artworks a
      join artwork_ownerships o on o.artwork_id = a.id and o.valid_to is null
      group by a.id, a.inventory_no having sum(o.share_percent) <> 100`,
  },
  {
    // Works in our care or borrowed are never owned: holdings, summaries and the data centre count owned
    // works only (statuses purchased, in the collection, on loan; and shares for holdings).
    rule: 'a work not owned (in care, borrowed or returned) with a running ownership share',
    sql: `select a.inventory_no as who, a.id, a.status::text || ' / ' || o.share_percent::text || ' %' as what
      from artworks a join artwork_ownerships o on o.artwork_id = a.id and o.valid_to is null
      where a.status in ('in_care', 'borrowed', 'returned')`,
  },
  {
    rule: 'borrowed without a live loan in of its own with the work',
    sql: `select a.inventory_no as who, a.id, a.status::text as what from artworks a
      where a.status = 'borrowed' and not exists (
        select 1 from process_artworks pa join processes p on p.id = pa.process_id
        where pa.artwork_id = a.id and ${LIVE} and p.type = 'LOAN_IN' and p.state = 'return.withUs')`,
  },
  {
    rule: 'a live loan in with the work whose work is not borrowed',
    sql: `select a.inventory_no as who, a.id, p.state || ' / ' || a.status::text as what
      from processes p join process_artworks pa on pa.process_id = p.id join artworks a on a.id = pa.artwork_id
      where ${LIVE} and p.type = 'LOAN_IN' and p.state = 'return.withUs' and a.status <> 'borrowed'`,
  },
  {
    // Entered, it stays in care while its entry runs, or after an entry that ended "acquired" (a purchase
    // takes it over); an entry that ended otherwise gave it back.
    rule: 'in care without a live object entry of its own, nor one ended acquired',
    sql: `select a.inventory_no as who, a.id, a.status::text as what from artworks a
      where a.status = 'in_care' and not exists (
        select 1 from process_artworks pa join processes p on p.id = pa.process_id
        where pa.artwork_id = a.id and p.type = 'OBJECT_ENTRY' and (${LIVE} or p.state = 'acquired'))`,
  },
  {
    rule: 'returned to its owner, yet in the warehouse or in a room',
    sql: `select a.inventory_no as who, a.id, coalesce('room ' || a.room_id::text, 'in the warehouse') as what
      from artworks a where a.status = 'returned' and (a.in_warehouse or a.room_id is not null)`,
  },
]

export interface WorldProblem {
  rule: string
  who: string
  id: string
  what: string
}

/** Every breach of the invariants over the whole database (empty when the world is consistent). */
export async function worldProblems(t: TestContext): Promise<WorldProblem[]> {
  const problems: WorldProblem[] = []
  for (const check of CHECKS) {
    const rows = (await t.deps.database.raw(check.sql)) as { who: string; id: string; what: string }[]
    for (const row of rows) problems.push({ rule: check.rule, ...row })
  }
  return problems
}

/** Fail with one line per breach: the rule, the artwork (inventory number, id) or policy, what was found. */
export async function assertWorldConsistent(t: TestContext): Promise<void> {
  const problems = await worldProblems(t)
  const lines = problems.map((p) => `${p.rule}: ${p.who} (${p.id}) — ${p.what}`)
  expect(lines, `the world is inconsistent:\n${lines.join('\n')}`).toEqual([])
}

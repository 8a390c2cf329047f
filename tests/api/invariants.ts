// The world a process leaves behind (DESIGN.md § Processes: "no artwork is ever left transporting, on loan
// or held by a process that has ended; no policy stays active, no reminder pending, for a process that
// ended without it"), checked by SQL over the whole database. Reused after every model walk and on the
// demo database: `assertWorldConsistent(t)` fails with one line per offending artwork, policy or reminder.
// Money too: every payment under a contract of its own process in its currency, one live contract per
// process step, a completed purchase or sale paid in full, one running or paid request per recorded cost.
import { expect } from 'vitest'
import type { TestContext } from './helpers'

/** A live process: not finished and not terminated (a terminated one may be restarted, but holds nothing). */
const LIVE = `(p.done = false and p.status <> 'terminated')`

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
    rule: 'sold or on loan, yet in the warehouse or in a room',
    sql: `select a.inventory_no as who, a.id,
        a.status::text || case when a.in_warehouse then ' / in the warehouse' else '' end
          || coalesce(' / room ' || a.room_id::text, '') as what
      from artworks a where a.status in ('sold', 'on_loan') and (a.in_warehouse or a.room_id is not null)`,
  },
  {
    rule: 'missing, yet in the warehouse or in a room',
    sql: `select a.inventory_no as who, a.id, coalesce('room ' || a.room_id::text, 'in the warehouse') as what
      from artworks a where a.status = 'missing' and (a.in_warehouse or a.room_id is not null)`,
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

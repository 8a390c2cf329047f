// Process mining from the history rows: per step of a type, how long processes spend in it (every
// visit of a process added up; median and 90th percentile over the processes that left it), the share of
// those that entered it and were rejected there at least once, or terminated there; how many are in it now
// and how many of its open tasks are past due. A row's time runs until the process's next row
// (lead(at) over the process's rows by seq). The bottleneck is the step with the largest median × live count.
// Throughput: processes completed (and terminated) per month. The range, when given, takes the processes
// started in it.
import { sql } from 'drizzle-orm'
import type { ProcessMining, StepFigures } from '../../../shared/contracts/datacentre'
import type { ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../process/process-store'

interface StepRow {
  step: string
  entered: number
  left_n: number
  median: number | null
  p90: number | null
  rejected: number
  terminated: number
}

export interface HistoryFigures {
  figures: Awaited<ReturnType<typeof stepFigures>>
  months: { month: string; completed: number; terminated: number }[]
}

/** The step of a state path: its first segment (`contract.submitted` → `contract`). */
const STEP_OF = (column: string) => sql.raw(`split_part(${column}, '.', 1)`)

export async function stepFigures(
  db: DbOrTx,
  type: ProcessType,
  range: { from?: string; to?: string },
): Promise<{ rows: StepRow[]; historyRows: number }> {
  const started = sql`p.type = ${type}${range.from ? sql` and p.created_at >= ${range.from}::date` : sql``}${
    range.to ? sql` and p.created_at < ${range.to}::date + 1` : sql``
  }`
  const rows = rowsOf<StepRow & { history_rows: number }>(
    await db.execute(sql`with h as materialized (
        select h.process_id, h.event_type, ${STEP_OF('h.from_state')} as from_step, ${STEP_OF('h.to_state')} as step,
          h.at, lead(h.at) over w as next_at, ${STEP_OF('lead(h.to_state) over w')} as next_step
        from process_history h join processes p on p.id = h.process_id
        where ${started}
        window w as (partition by h.process_id order by h.seq)),
      visits as (
        select process_id, step,
          sum(extract(epoch from next_at - at)) filter (where next_at is not null) as secs,
          bool_or(next_step is not null and next_step <> step) as left_step
        from h group by process_id, step),
      events as (
        select process_id, from_step as step, bool_or(event_type = 'REJECT') as rejected,
          bool_or(event_type = 'TERMINATE') as terminated
        from h where event_type in ('REJECT', 'TERMINATE') group by process_id, from_step)
      select v.step, count(*)::int as entered, count(*) filter (where v.left_step)::int as left_n,
        percentile_cont(0.5) within group (order by v.secs) filter (where v.left_step) as median,
        percentile_cont(0.9) within group (order by v.secs) filter (where v.left_step) as p90,
        count(*) filter (where e.rejected)::int as rejected,
        count(*) filter (where e.terminated)::int as terminated,
        (select count(*) from h)::int as history_rows
      from visits v left join events e on e.process_id = v.process_id and e.step = v.step
      group by v.step`),
  )
  return { rows, historyRows: rows[0]?.history_rows ?? 0 }
}

/** Live processes per step and open tasks past due per step (now). */
export async function liveAndOverdue(db: DbOrTx, type: ProcessType) {
  const [live, overdue] = await Promise.all([
    db.execute(sql`select ${STEP_OF('state')} as step, count(*)::int as n from processes
      where type = ${type} and not done group by 1`),
    db.execute(sql`select step, count(*)::int as n from process_tasks
      where type = ${type} and closed_at is null and due_at < now() group by step`),
  ])
  const map = (r: unknown) =>
    new Map(rowsOf<{ step: string; n: number }>(r).map((x) => [x.step, Number(x.n)]))
  return { live: map(live), overdue: map(overdue) }
}

/**
 * Processes completed (reached their final state) and terminated (a TERMINATE row: a terminated process may
 * be restarted, so it is not final) per month, the last 12 months unless a range is given.
 */
export async function throughput(db: DbOrTx, type: ProcessType, range: { from?: string; to?: string }) {
  const from = range.from ? sql`${range.from}::date` : sql`date_trunc('month', now()) - interval '11 months'`
  const to = range.to ? sql`${range.to}::date + 1` : sql`'infinity'::timestamptz`
  const rows = rowsOf<{ month: string; completed: number; terminated: number }>(
    await db.execute(sql`select month, sum(completed)::int as completed, sum(terminated)::int as terminated from (
        select to_char(date_trunc('month', finished_at), 'YYYY-MM') as month, 1 as completed, 0 as terminated
        from processes where type = ${type} and done and finished_at >= ${from} and finished_at < ${to}
        union all
        select to_char(date_trunc('month', h.at), 'YYYY-MM'), 0, 1
        from process_history h join processes p on p.id = h.process_id
        where p.type = ${type} and h.event_type = 'TERMINATE' and h.at >= ${from} and h.at < ${to}) x
      group by month order by month`),
  )
  return rows.map((r) => ({
    month: r.month,
    completed: Number(r.completed),
    terminated: Number(r.terminated),
  }))
}

/**
 * Every figure of a type, its steps in the machine's order (`steps`: the definition's step keys). A step
 * nobody entered is listed with empty figures, so the table and the diagram name every step.
 */
export async function processMining(
  db: DbOrTx,
  type: ProcessType,
  steps: string[],
  range: { from?: string; to?: string },
  /** The history part (steps' times and shares, throughput) from a snapshot, when the caller keeps one. */
  history: (
    compute: () => Promise<HistoryFigures>,
  ) => Promise<{ data: HistoryFigures; computedAt: string | null }> = async (compute) => ({
    data: await compute(),
    computedAt: null,
  }),
): Promise<ProcessMining> {
  const [past, now] = await Promise.all([
    history(async () => {
      const [figures, months] = await Promise.all([stepFigures(db, type, range), throughput(db, type, range)])
      return { figures, months }
    }),
    liveAndOverdue(db, type),
  ])
  const { figures, months } = past.data
  const byStep = new Map(figures.rows.map((r) => [r.step, r]))
  const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 1000 : null)
  const list: StepFigures[] = steps.map((step) => {
    const r = byStep.get(step)
    const live = now.live.get(step) ?? 0
    const median = r?.median === null || r?.median === undefined ? null : Math.round(Number(r.median))
    return {
      step,
      entered: r?.entered ?? 0,
      left: r?.left_n ?? 0,
      medianSeconds: median,
      p90Seconds: r?.p90 === null || r?.p90 === undefined ? null : Math.round(Number(r.p90)),
      rejectionShare: share(r?.rejected ?? 0, r?.entered ?? 0),
      terminationShare: share(r?.terminated ?? 0, r?.entered ?? 0),
      rejections: r?.rejected ?? 0,
      terminations: r?.terminated ?? 0,
      live,
      overdue: now.overdue.get(step) ?? 0,
      load: (median ?? 0) * live,
    }
  })
  const top = list.reduce<StepFigures | null>(
    (best, s) => (s.load > 0 && (!best || s.load > best.load) ? s : best),
    null,
  )
  return {
    type,
    from: range.from ?? null,
    to: range.to ?? null,
    steps: list,
    bottleneck: top?.step ?? null,
    throughput: months,
    overdue: list.reduce((n, s) => n + s.overdue, 0),
    // In a step now (a terminated process, not final since it may be restarted, is in none).
    live: list.reduce((n, s) => n + s.live, 0),
    historyRows: figures.historyRows,
    computedAt: past.computedAt,
  }
}

// A machine drawn for people, from the machine itself: the graph the API serves (nodes, edges), a Mermaid
// state diagram, and the tables of states, events, guards and effects in both languages that make up
// docs/flows/<TYPE>.md. Pure functions: the diagrams script, the server and the web app all call them.
import type { AnyStateNode, StateValue } from 'xstate'
import { MESSAGES } from '../src/shared/errors'
import { PRIVILEGES } from '../src/shared/privileges'
import { PROCESS_TYPE_LABELS } from '../src/shared/process-types'
import {
  EFFECT_LABELS,
  EVENT_LABELS,
  GUARD_LABELS,
  PROCESS_STATUS_LABELS,
  RECIPIENT_LABELS,
  TASK_KIND_LABELS,
  type Words,
} from './labels'
import { defaultDue, type TaskKind, type TaskSpec, tasksOf } from './tasks'
import type { Effect, ProcessContext, ProcessDefinition, ProcessSnapshot, ProcessStatus } from './types'
import { metaOf, PROBE_AT, pathOfNode } from './view'

export interface GraphNode extends Words {
  /** XState's node id (`BUY_ART.payment.submitted`). */
  id: string
  /** Dotted state path, as a process view's `state` (`payment.submitted`); '' for the machine. */
  path: string
  parent: string | null
  /** atomic | compound | final */
  type: string
  step: string | null
  status: ProcessStatus | null
}

export interface GraphEdge extends Words {
  id: string
  source: string
  /** The source itself for a transition that stays (SAVE, a first of two approvals). */
  target: string
  event: string
  guard: string | null
  guardZh: string | null
  guardEn: string | null
  effects: string[]
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[]
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void) {
  visit(node)
  for (const child of children(node)) walk(child, visit)
}

interface GuardRef {
  type?: string
  params?: Record<string, unknown>
  guards?: unknown[]
}

function guardParts(guard: unknown): { name: string; params?: Record<string, unknown> }[] {
  if (!guard) return []
  if (typeof guard === 'string') return [{ name: guard }]
  const g = guard as GuardRef
  if (Array.isArray(g.guards)) return g.guards.flatMap(guardParts)
  if (g.type) return [{ name: g.type, params: g.params }]
  return [{ name: 'inline' }]
}

/** A guard as code (`mayApprove(payment) && countMatches`) and in both languages. */
export function guardText(guard: unknown): { code: string; zh: string; en: string } | null {
  const parts = guardParts(guard)
  if (parts.length === 0) return null
  const label = (name: string) => GUARD_LABELS[name as keyof typeof GUARD_LABELS]
  return {
    code: parts.map((p) => (p.params?.step ? `${p.name}(${p.params.step})` : p.name)).join(' && '),
    zh: parts.map((p) => label(p.name)?.labelZh ?? p.name).join('，且'),
    en: parts.map((p) => label(p.name)?.labelEn ?? p.name).join(', and '),
  }
}

function effectsOf(actions: readonly unknown[]): Effect[] {
  return (actions as { type?: string; params?: Effect }[])
    .filter((a) => a.type === 'effect' && a.params)
    .map((a) => a.params as Effect)
}

/** An effect as code: `recordPayment(payment; incoming, paid)`, `notify(approvers: approvalRequested)`. */
export function effectCode(e: Effect): string {
  if (e.name === 'notify') {
    const p = e.params ?? {}
    return `notify(${p.to}: ${p.kind}${p.secondApproval ? ', second approval' : ''})`
  }
  const args = [e.step, ...Object.values(e.params ?? {}).map(String)].filter(Boolean)
  return args.length ? `${e.name}(${args.join('; ')})` : e.name
}

function effectWords(e: Effect, lang: 'labelZh' | 'labelEn'): string {
  const base = EFFECT_LABELS[e.name][lang]
  if (e.name !== 'notify') return base
  const to = RECIPIENT_LABELS[e.params?.to as keyof typeof RECIPIENT_LABELS]?.[lang] ?? String(e.params?.to)
  return lang === 'labelZh' ? `${base}给${to}` : `${base} ${to}`
}

/** The nodes and edges of `GET /api/process/definitions` (and of the web app's drawing). */
export function toGraph(definition: ProcessDefinition): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = []
  const edges: GraphEdge[] = []
  walk(definition.machine.root, (node) => {
    const meta = metaOf(node)
    const isRoot = node.parent === undefined
    nodes.push({
      id: node.id,
      path: pathOfNode(node),
      parent: node.parent?.id ?? null,
      type: node.type,
      labelZh: isRoot ? PROCESS_TYPE_LABELS[definition.type]['zh-CN'] : (meta.labelZh ?? node.key),
      labelEn: isRoot ? PROCESS_TYPE_LABELS[definition.type].en : (meta.labelEn ?? node.key),
      step: meta.step ?? null,
      status: meta.status ?? null,
    })
    for (const [event, candidates] of node.transitions)
      candidates.forEach((t, i) => {
        const words = EVENT_LABELS[event as keyof typeof EVENT_LABELS]
        const guard = guardText(t.guard)
        edges.push({
          id: `${node.id}:${event}:${i}`,
          source: node.id,
          target: t.target?.length ? (t.target[0] as AnyStateNode).id : node.id,
          event,
          guard: guard?.code ?? null,
          guardZh: guard?.zh ?? null,
          guardEn: guard?.en ?? null,
          labelZh: words?.labelZh ?? event,
          labelEn: words?.labelEn ?? event,
          effects: effectsOf(t.actions).map(effectCode),
        })
      })
  })
  return { nodes, edges }
}

const mermaidId = (path: string) => path.replaceAll('.', '__')
const mermaidText = (s: string) => s.replaceAll('"', "'").replaceAll(':', ' ').replaceAll(';', ',')

/**
 * A Mermaid `stateDiagram-v2`: one composite state per step with its leaves and the transitions inside it;
 * a transition that leaves a step is drawn from the step (Mermaid cannot draw between the insides of two
 * composite states).
 */
export function toMermaid(definition: ProcessDefinition): string {
  const root = definition.machine.root
  const lines = ['stateDiagram-v2', '  direction TB']
  const label = (node: AnyStateNode) => {
    const m = metaOf(node)
    return mermaidText(`${m.labelZh ?? node.key} ${m.labelEn ?? node.key}`)
  }
  const edgeLabel = (event: string, guard: unknown) => {
    const words = EVENT_LABELS[event as keyof typeof EVENT_LABELS]
    const g = guardText(guard)
    const conditional = g && guardParts(guard).some((p) => !p.name.startsWith('may')) ? ` [${g.code}]` : ''
    return mermaidText(`${event} ${words?.labelZh ?? ''}${conditional}`)
  }
  /** The node an edge is drawn from or to: itself inside its step, else its step (top-level node). */
  const drawn = (node: AnyStateNode, within: AnyStateNode | undefined) => {
    let n = node
    while (n.parent && n.parent !== root && n.parent !== within) n = n.parent
    return n
  }
  const top = children(root)
  lines.push(`  [*] --> ${mermaidId(root.initial?.target[0]?.key ?? top[0].key)}`)
  const outer: string[] = []
  for (const node of top) {
    const kids = children(node)
    if (kids.length === 0) {
      lines.push(`  state "${label(node)}" as ${mermaidId(pathOfNode(node))}`)
    } else {
      lines.push(`  state "${label(node)}" as ${mermaidId(pathOfNode(node))} {`)
      lines.push(`    [*] --> ${mermaidId(pathOfNode(node.initial!.target[0] as AnyStateNode))}`)
      for (const kid of kids) lines.push(`    state "${label(kid)}" as ${mermaidId(pathOfNode(kid))}`)
      for (const kid of kids)
        for (const [event, candidates] of kid.transitions)
          for (const t of candidates) {
            const target = (t.target?.[0] as AnyStateNode | undefined) ?? kid
            const inside = target.parent === node
            const from = inside ? kid : node
            const to = inside ? target : drawn(target, undefined)
            const line = `${mermaidId(pathOfNode(from))} --> ${mermaidId(pathOfNode(to))} : ${edgeLabel(event, t.guard)}`
            if (inside) lines.push(`    ${line}`)
            else outer.push(`  ${line}`)
          }
      lines.push('  }')
    }
    for (const [event, candidates] of node.transitions)
      for (const t of candidates) {
        const target = drawn((t.target?.[0] as AnyStateNode | undefined) ?? node, undefined)
        outer.push(
          `  ${mermaidId(pathOfNode(node))} --> ${mermaidId(pathOfNode(target))} : ${edgeLabel(event, t.guard)}`,
        )
      }
    if (node.type === 'final') outer.push(`  ${mermaidId(pathOfNode(node))} --> [*]`)
  }
  // Several leaves of a step may leave it the same way (TERMINATE from each): drawn once from the step.
  return [...lines, ...new Set(outer)].join('\n')
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ')

/** What TERMINATE does in a leaf state: refused (with its message), or the payload it asks for. */
function terminateCell(node: AnyStateNode): string {
  const m = metaOf(node)
  const refusal = m.refusals?.TERMINATE
  if (refusal) return `refused 不可终止: ${MESSAGES[refusal]['zh-CN']} / ${MESSAGES[refusal].en}`
  const payload = m.eventPayloads?.TERMINATE
  if (payload) return `asks 需说明: \`${payload}\``
  return ''
}

/** The states, events, guards and effects of a machine as Markdown tables, in both languages. */
export function flowTable(definition: ProcessDefinition): string {
  const root = definition.machine.root
  const out: string[] = []
  out.push('### Steps 步骤', '', '| step | 中文 | English | money step 资金步骤 |', '|---|---|---|---|')
  for (const s of definition.steps)
    out.push(`| \`${s.key}\` | ${s.labelZh} | ${s.labelEn} | ${s.money ? '✓' : ''} |`)

  out.push(
    '',
    '### States 状态',
    '',
    '| state | 中文 | English | status 状态 | on entry 进入时 | terminate 终止 |',
    '|---|---|---|---|---|---|',
  )
  walk(root, (node) => {
    if (node === root || children(node).length > 0) return
    const m = metaOf(node)
    const status = m.status
      ? `\`${m.status}\` ${PROCESS_STATUS_LABELS[m.status].labelZh} / ${PROCESS_STATUS_LABELS[m.status].labelEn}`
      : ''
    const entry = effectsOf(node.entry)
      .map((e) => `\`${effectCode(e)}\``)
      .join(', ')
    out.push(
      `| \`${pathOfNode(node)}\` | ${m.labelZh ?? ''} | ${m.labelEn ?? ''} | ${status} | ${entry} | ${terminateCell(node)} |`,
    )
  })
  const start = effectsOf(root.entry)
  if (start.length) out.push('', `On start 发起时: ${start.map((e) => `\`${effectCode(e)}\``).join(', ')}`)

  out.push(
    '',
    '### Transitions 流转',
    '',
    '| from | event 事件 | guard 条件 | to | effects 效果 |',
    '|---|---|---|---|---|',
  )
  walk(root, (node) => {
    for (const [event, candidates] of node.transitions)
      for (const t of candidates) {
        const words = EVENT_LABELS[event as keyof typeof EVENT_LABELS]
        const g = guardText(t.guard)
        const to = t.target?.length ? `\`${pathOfNode(t.target[0] as AnyStateNode)}\`` : '(stays 不变)'
        const from = pathOfNode(node) ? `\`${pathOfNode(node)}\`` : '(any)'
        const effects = effectsOf(t.actions)
          .map((e) => `\`${effectCode(e)}\` ${effectWords(e, 'labelZh')} / ${effectWords(e, 'labelEn')}`)
          .join('<br>')
        out.push(
          `| ${from} | \`${event}\` ${words?.labelZh ?? ''} / ${words?.labelEn ?? ''} | ${g ? `\`${cell(g.code)}\`<br>${g.zh} / ${g.en}` : ''} | ${to} | ${cell(effects)} |`,
        )
      }
  })
  return out.join('\n')
}

/** A leaf state's path as a state value: `['payment', 'submitted']` → `{ payment: 'submitted' }`. */
function stateValueOf(path: readonly string[]): StateValue {
  return path.length === 1 ? path[0] : { [path[0]]: stateValueOf(path.slice(1)) }
}

const DOC_SUBMITTER = '\u0000docs:submitter'
const DOC_APPROVER = '\u0000docs:approver'

/**
 * A snapshot resting in one leaf state, as the machine's guards need it to answer who may act there: every
 * step submitted by one person and approved once by another (neither of them a probe), with no amount (so
 * no further approval is pending) and no money moved yet. Guards read the acting user and these records
 * only; conditions of a step's exits fall back to an unconditioned exit, so what may be sent in the state
 * does not depend on the data.
 */
function restingSnapshot(definition: ProcessDefinition, leaf: AnyStateNode): ProcessSnapshot {
  const context: ProcessContext = {
    subject: {},
    steps: Object.fromEntries(
      definition.steps.map((s) => [
        s.key,
        { data: {}, submittedBy: DOC_SUBMITTER, approvals: [{ by: DOC_APPROVER, at: PROBE_AT }] },
      ]),
    ),
    secondApprovalAbove: {},
    restarts: 0,
    startedBy: DOC_SUBMITTER,
  }
  return definition.machine.resolveState({ value: stateValueOf(leaf.path), context })
}

/** One row of the tasks table: a (step, kind) with the leaf states it waits in and its candidates' privileges. */
export interface TaskRow extends TaskSpec {
  states: string[]
  /** The machine refuses the step's submitter (holding every privilege) this task in every state it waits in. */
  notSubmitter: boolean
}

/**
 * Every task a machine can wait for, each with the states it waits in and the privileges that make a user a
 * candidate (the union over those states, in the order of PRIVILEGES), from `tasksOf` on a snapshot resting
 * in each leaf state; in the order the machine reaches them (its steps in order, each step's states in order).
 */
export function taskRows(definition: ProcessDefinition): TaskRow[] {
  const rows = new Map<string, TaskRow>()
  walk(definition.machine.root, (node) => {
    if (children(node).length > 0 || node.type === 'final' || node === definition.machine.root) return
    const meta = metaOf(node)
    if (!meta.step || meta.status === 'terminated') return
    const snapshot = restingSnapshot(definition, node)
    const submitter = { id: DOC_SUBMITTER, privileges: [], allPrivileges: true }
    for (const task of tasksOf(definition, snapshot)) {
      const key = `${task.step}:${task.kind}`
      const row = rows.get(key) ?? { ...task, events: [], privileges: [], states: [], notSubmitter: true }
      row.states.push(pathOfNode(node))
      if (task.events.some((type) => snapshot.can({ type, actor: submitter, at: PROBE_AT })))
        row.notSubmitter = false
      for (const e of task.events) if (!row.events.includes(e)) row.events.push(e)
      for (const p of task.privileges) if (!row.privileges.includes(p)) row.privileges.push(p)
      rows.set(key, row)
    }
  })
  return [...rows.values()].map((r) => ({
    ...r,
    privileges: PRIVILEGES.map((p) => p.key).filter((k) => r.privileges.includes(k)),
  }))
}

function privilegeWords(key: string): string {
  const p = PRIVILEGES.find((d) => d.key === key)
  return p ? `${p.labelZh} / ${p.labelEn}` : `\`${key}\``
}

/** Who may do a task, in both languages: the privileges that suffice, administrators, and approval's rules. */
function whoCell(definition: ProcessDefinition, row: TaskRow): string {
  const lines = row.privileges.map(privilegeWords)
  lines.push('管理员 / administrators')
  if (row.notSubmitter) lines.push('不能是提交人 / not the submitter')
  if (row.kind === 'approve' && definition.steps.find((s) => s.key === row.step)?.money)
    lines.push(
      '资金步骤：按金额区间由 M 人中的 N 人审批（或指定角色），由管理员设置 / money step: N of M by amount bands (or a named role), set by an administrator',
    )
  return lines.join('<br>')
}

const kindWords = (kind: TaskKind) => `${TASK_KIND_LABELS[kind].labelZh} / ${TASK_KIND_LABELS[kind].labelEn}`
const workingDays = (n: number) => `${n} working day${n === 1 ? '' : 's'}`
const days = (n: number) => `${n} 个工作日 / ${workingDays(n)}`

/** The tasks each step waits for (who, when due), from the machine: `taskRows` and `defaultDue`. */
export function taskTable(definition: ProcessDefinition): string {
  const rows = taskRows(definition)
  const out = [
    '### Tasks 任务',
    '',
    'Each state that waits for a person is a task: who may do it (any one of the privileges, or an administrator), and when it is due by default. Due times count working days (Monday to Friday in the office time zone, Asia/Shanghai unless configured) from when the task opens; a reminder goes before it is due, and a task still open the escalation time after it was due goes to the managers. An administrator may change these per step in the settings.',
    '',
  ]
  if (rows.length === 0) return [...out, 'No task: nothing in this flow waits for a person.'].join('\n')
  out.push(
    '| step 步骤 | task 任务 | waits in 所在状态 | who 办理人 | due 期限 | reminder 提醒 | escalation 升级 |',
    '|---|---|---|---|---|---|---|',
  )
  for (const row of rows) {
    const step = definition.steps.find((s) => s.key === row.step)
    const due = defaultDue(step, row.kind)
    const escalate = due.escalateAfterDays
    out.push(
      [
        '',
        `\`${row.step}\` ${step?.labelZh ?? ''} / ${step?.labelEn ?? ''}`,
        `${kindWords(row.kind)}<br>${row.events.map((e) => `\`${e}\``).join(', ')}`,
        row.states.map((s) => `\`${s}\``).join(', '),
        cell(whoCell(definition, row)),
        days(due.dueDays),
        `到期前 ${due.remindBeforeHours} 小时 / ${due.remindBeforeHours} h before due`,
        `逾期 ${escalate} 个工作日后上报主管 / to the managers ${workingDays(escalate)} late`,
        '',
      ]
        .join(' | ')
        .trim(),
    )
  }
  return out.join('\n')
}

/** The whole docs/flows/<TYPE>.md page. */
export function flowDoc(definition: ProcessDefinition): string {
  const names = PROCESS_TYPE_LABELS[definition.type]
  const payloads = Object.keys(definition.payloads)
  const own = payloads.filter((k) => /^[A-Z_]+$/.test(k))
  return [
    `# ${definition.type}: ${names['zh-CN']} / ${names.en}`,
    '',
    `<!-- Generated by \`npm run diagrams\` from machines/ (definition version ${definition.version}); do not edit by hand. -->`,
    '',
    `Definition version ${definition.version}. Steps: ${definition.steps.map((s) => `${s.labelZh} ${s.labelEn}`).join(' → ')}.`,
    own.length ? `Events with a payload of their own: ${own.map((k) => `\`${k}\``).join(', ')}.` : '',
    '',
    '```mermaid',
    toMermaid(definition),
    '```',
    '',
    flowTable(definition),
    '',
    taskTable(definition),
    '',
    '## Decisions 设计说明',
    '',
    ...(definition.notes?.length
      ? definition.notes.map((n) => `- ${n}`)
      : ['- None beyond the shared building blocks.']),
    '- Shared by every flow: see `machines/README.md` (who may fill, approve, pay, terminate and restart; rejection and restart; the second approval above the configured amount).',
    '',
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n')
}

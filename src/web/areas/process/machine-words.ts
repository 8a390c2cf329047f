// What the process screens read from the machines themselves (machines/): the definition a process runs
// on (its own version), the label of every state, step, status and event in the language shown, the graph
// the diagrams draw, and the schemas that validate a step's form or an event's payload exactly as the
// runtime will. Screens hold no rule of their own: this file only asks the definition.
import { useLingui } from '@lingui/react'
import type { z } from 'zod'
import { toGraph } from '../../../../machines/diagram'
import {
  EVENT_LABELS,
  PROCESS_STATUS_LABELS,
  STEP_STATUS_LABELS,
  type Words,
} from '../../../../machines/labels'
import { definitionOf, latest } from '../../../../machines/registry'
import type { ProcessContext, ProcessDefinition, ProcessStatus, StepStatus } from '../../../../machines/types'
import type { Lang } from '../../../shared/errors'
import { langOf } from '../../../shared/lang'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'

export function useLang(): Lang {
  const { i18n } = useLingui()
  return langOf(i18n.locale)
}

export function pick(words: Words | undefined | null, lang: Lang, fallback = ''): string {
  if (!words) return fallback
  return lang === 'en' ? words.labelEn : words.labelZh
}

export function typeLabel(type: ProcessType, lang: Lang): string {
  return PROCESS_TYPE_LABELS[type][lang]
}

export function statusLabel(status: ProcessStatus, lang: Lang): string {
  return pick(PROCESS_STATUS_LABELS[status], lang, status)
}

export function stepStatusLabel(status: StepStatus, lang: Lang): string {
  return pick(STEP_STATUS_LABELS[status], lang, status)
}

export function eventLabel(type: string, lang: Lang): string {
  return pick(EVENT_LABELS[type as keyof typeof EVENT_LABELS], lang, type)
}

/** The definition a process runs on: its own version (a running process finishes on it). */
export function definitionFor(type: ProcessType, version?: number): ProcessDefinition {
  const definition = version === undefined ? latest(type) : definitionOf(type, version)
  if (!definition) throw new Error(`No machine ${type} v${version}`)
  return definition
}

const graphs = new WeakMap<ProcessDefinition, ReturnType<typeof toGraph>>()
/** The machine's nodes and edges (the same as GET /api/process/definitions serves), computed once. */
export function graphOf(definition: ProcessDefinition): ReturnType<typeof toGraph> {
  let graph = graphs.get(definition)
  if (!graph) {
    graph = toGraph(definition)
    graphs.set(definition, graph)
  }
  return graph
}

/** A state path's label with its step (`payment.awaitingPayment` → 付款流程 · 已审批待付款). */
export function stateLabel(definition: ProcessDefinition, state: string, lang: Lang): string {
  const node = graphOf(definition).nodes.find((n) => n.path === state)
  if (!node) return state
  const own = pick(node, lang, state)
  if (!node.step || node.step === state) return own
  return `${stepLabel(definition, node.step, lang)} · ${own}`
}

/** The state's own label, without its step (`payment.awaitingPayment` → 已审批待付款). */
export function leafLabel(definition: ProcessDefinition, state: string, lang: Lang): string {
  const node = graphOf(definition).nodes.find((n) => n.path === state)
  return node ? pick(node, lang, state) : state
}

export function stepLabel(definition: ProcessDefinition, step: string | null, lang: Lang): string {
  if (!step) return ''
  return pick(
    definition.steps.find((s) => s.key === step),
    lang,
    step,
  )
}

/** Every step key any machine uses, with its label (the list filter's "step" choices). */
export function allSteps(type: ProcessType | undefined, types: readonly ProcessType[], lang: Lang) {
  const seen = new Map<string, string>()
  for (const t of type ? [type] : types)
    for (const s of latest(t).steps) if (!seen.has(s.key)) seen.set(s.key, pick(s, lang, s.key))
  return [...seen].map(([value, label]) => ({ value, label }))
}

/**
 * The schema SUBMIT of a step is checked with: the context-dependent one where the definition has it (a
 * payment capped by its contract), else the step's own. The runtime picks it the same way (machines/view).
 */
export function stepSchema(
  definition: ProcessDefinition,
  step: string,
  context: ProcessContext,
): z.ZodType | undefined {
  const byContext = definition.contextPayloads?.[step]
  if (byContext) return byContext(context)
  return definition.payloads[step]
}

/** The payload schema of an event by its payload key (CONFIRM_PAYMENT, DEPART, ARRIVE, RETURN, whereNow), if any. */
export function eventSchema(definition: ProcessDefinition, type: string): z.ZodType | undefined {
  return definition.payloads[type]
}

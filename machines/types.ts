// The contract between the machines (pure, in machines/) and the server's workflow runtime
// (src/server/modules/process/). Machines receive the acting user in every event, keep step data in
// their context, and declare effects as `effect` actions; the runtime validates payloads, applies the
// pure transition, and executes the declared effects in the same database transaction.
import type { AnyStateMachine } from 'xstate'
import type { ZodType } from 'zod'
import type { ProcessType } from '../src/shared/process-types'

/** Who sends an event. Filled in by the server from the session, never by the browser. */
export interface Actor {
  id: string
  privileges: string[]
  allPrivileges: boolean
}

/** Every event a process machine receives. `at` (ISO instant) keeps machines free of clocks. */
export interface ProcessEvent {
  type: string
  actor: Actor
  at: string
  payload?: Record<string, unknown>
  comment?: string
}

/** What a step's record holds in the machine context. */
export interface StepRecord {
  draft?: Record<string, unknown>
  data?: Record<string, unknown>
  submittedBy?: string
  submittedAt?: string
  approvals: { by: string; at: string }[]
  rejection?: { by: string; at: string; comment: string }
  paymentFailures?: { by: string; at: string; comment: string }[]
}

/** The context every process machine keeps (types may add fields of their own). */
export interface ProcessContext {
  /** The start input (artworks, seller, room, ...), validated by the definition's `input` schema. */
  subject: Record<string, unknown> & { artworkIds?: string[] }
  steps: Record<string, StepRecord>
  /** Money steps above this amount need a second, different approver (decimal string). */
  secondApprovalAbove: string
  terminated?: { by: string; at: string; reason: string; fromState: string }
  restarts: number
}

/** Effects the runtime knows how to apply. Machines emit `{ type: 'effect', params: Effect }` actions. */
export type EffectName =
  /** BUY_ART done: create the artworks (status purchased, not in the warehouse) and open BUY_ART_TRANS. */
  | 'purchaseCompleted'
  /** Contract step approved: upsert the contract record from the step data. */
  | 'recordContract'
  /** Money step: record a payment (or a collection) as paid or failed. */
  | 'recordPayment'
  /** The process takes hold of its artworks (activeProcessId) / lets them go. */
  | 'holdArtworks'
  | 'releaseArtworks'
  /** Transport: to be transported, transporting (movement row), arrived (location moves, movement row). */
  | 'transportScheduled'
  | 'transportDeparted'
  | 'transportArrived'
  /** Warehousing: the artworks go into the room named in the step data (movement row). */
  | 'warehoused'
  /** Exhibition loan: out to the borrower and back. */
  | 'loanOut'
  | 'loanReturned'
  /** Sale completed: artworks sold. */
  | 'sold'
  /** Insurance: covered with the policy and period from the step data; or back to be insured. */
  | 'insuranceCovered'
  | 'insuranceLapsed'
  /** Claim paid out: record the payout. */
  | 'claimPaid'
  /** Stocktake: record found and missing artworks of the room. */
  | 'stocktakeRecorded'
  /** Messages to the people concerned (approvers when submitted, submitter when rejected, ...). */
  | 'notify'

export interface Effect {
  name: EffectName
  /** Which step's data the effect reads, when it reads one. */
  step?: string
  params?: Record<string, unknown>
}

export interface StepDef {
  key: string
  labelZh: string
  labelEn: string
  /** A step that pays or collects money: it can fail and be retried. */
  money?: boolean
}

/** One version of one process type. The registry keeps every version running processes use. */
export interface ProcessDefinition {
  type: ProcessType
  version: number
  machine: AnyStateMachine
  steps: StepDef[]
  /** The `input` of POST /api/process for this type. */
  input: ZodType
  /** The payload of SAVE / SUBMIT for each step, by step key (and of a type's own events, by event type). */
  payloads: Record<string, ZodType>
}

/** Statuses shown to users (DESIGN.md), plus the end states. */
export type ProcessStatus =
  | 'draft'
  | 'approvalOngoing'
  | 'approved'
  | 'rejected'
  | 'paymentFailed'
  | 'terminated'
  | 'completed'
  | 'toBeTransported'
  | 'transporting'

export type StepStatus = 'pending' | 'draft' | 'approvalOngoing' | 'approved' | 'rejected' | 'paymentFailed' | 'terminated'

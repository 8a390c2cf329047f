// Running what a transition declared, inside the event's transaction: the `effect` actions in order
// (effects/, one handler per EffectName), and creating a process (a start, or an effect opening a
// follow-up process such as BUY_ART_TRANS). The SQL of the rows themselves is in process-store.ts.
import { initialTransition } from 'xstate'
import { allowedByPrivilege } from '../../../../machines/allowed-by'
import type {
  Actor,
  Effect,
  ProcessContext,
  ProcessDefinition,
  ProcessEvent,
  ProcessInput,
} from '../../../../machines/types'
import { describe } from '../../../../machines/view'
import { START_PRIVILEGE } from '../../../shared/access'
import type { Lang } from '../../../shared/errors'
import type { ProcessType } from '../../../shared/process-types'
import type { Config } from '../../config'
import type { Db, Tx } from '../../db/client'
import { approvalRulesOf } from '../tasks/settings'
import { syncTasks } from '../tasks/sync'
import type { ProcessCatalog } from './catalog'
import { validate } from './decide'
import { EFFECTS } from './effects'
import { lockSubjectArtworks } from './effects/custody'
import type { EffectContext } from './effects/types'
import { insertProcess, linkArtworks, linkedArtworks } from './process-store'
import type { Action } from './pure-transition'
import { persist } from './snapshot'

export interface RuntimeEnv {
  db: Db
  config: Config
  catalog: ProcessCatalog
}

/** What running effects and creating a process read of the environment (not the database handle: they get the transaction). */
export type EffectsEnv = Pick<RuntimeEnv, 'config' | 'catalog'>

/** The history row written when a process is created (seq 1). */
export const CREATE_EVENT = 'CREATE'

/** An event just applied to a process, as its effects see it. */
export interface Applied {
  lang: Lang
  id: string
  type: ProcessType
  createdBy: string
  definition: ProcessDefinition
  context: ProcessContext
  event: ProcessEvent
  at: Date
  currentStep: string | null
  previousStep: string | null
  /** What allowed the event (a process an effect opens records the same). */
  allowedBy: string
}

/** Run the `effect` actions a transition returned, in order, inside the transaction. */
export async function runEffects(tx: Tx, env: EffectsEnv, applied: Applied, actions: Action[]) {
  const effects = actions.filter((a) => a.type === 'effect').map((a) => a.params as Effect)
  if (effects.length === 0) return
  const artworkIds = await linkedArtworks(tx, applied.id)
  for (const effect of effects) {
    const handler = EFFECTS[effect.name]
    if (!handler) throw new Error(`unknown effect ${effect.name} in ${applied.type}`)
    const ctx: EffectContext = {
      tx,
      config: env.config,
      lang: applied.lang,
      process: {
        id: applied.id,
        type: applied.type,
        createdBy: applied.createdBy,
        definitionVersion: applied.definition.version,
      },
      definition: applied.definition,
      artworkIds,
      context: applied.context,
      event: applied.event,
      at: applied.at,
      effect,
      currentStep: applied.currentStep,
      previousStep: applied.previousStep,
      openProcess: async (type, input) => {
        const definition = env.catalog.latest(type)
        const subject = validate(definition.input, input, 'input', applied.lang) as ProcessInput['subject']
        const { actor } = applied.event
        return createInTx(tx, env, definition, subject, actor, applied.createdBy, applied.at, applied.lang, {
          allowedBy: applied.allowedBy,
        })
      },
      linkArtworks: async (ids) => {
        await linkArtworks(tx, applied.id, ids)
        for (const id of ids) if (!artworkIds.includes(id)) artworkIds.push(id)
      },
    }
    await handler(ctx)
  }
}

/**
 * Create a process inside an open transaction (the API, or an effect opening a follow-up process): the
 * row, its subject links, history seq 1 (CREATE) and the start effects. `allowedBy` defaults to what
 * allows a start for this actor.
 */
export async function createInTx(
  tx: Tx,
  env: EffectsEnv,
  definition: ProcessDefinition,
  subject: ProcessInput['subject'],
  actor: Actor,
  createdBy: string,
  at: Date,
  lang: Lang,
  options: { allowedBy?: string } = {},
): Promise<string> {
  const input: ProcessInput = {
    subject,
    secondApprovalAbove: env.config.secondApprovalAbove,
    approvalRules: await approvalRulesOf(tx, env.config, definition),
    startedBy: createdBy,
  }
  const [snapshot, actions] = initialTransition(definition.machine, input)
  const persisted = persist(definition.machine, snapshot)
  const described = describe(definition, snapshot)
  const allowedBy = options.allowedBy ?? allowedByPrivilege(actor, START_PRIVILEGE)
  const artworkIds = [...new Set(subject.artworkIds ?? [])]
  await lockSubjectArtworks(tx, artworkIds)
  const id = await insertProcess(
    tx,
    {
      type: definition.type,
      definitionVersion: definition.version,
      machineId: definition.machine.id,
      stateValue: persisted.value,
      state: described.state,
      snapshot: persisted,
      status: described.status,
      currentStep: described.currentStep,
      done: described.done,
      version: 1,
      createdBy,
      createdAt: at,
      updatedAt: at,
      finishedAt: described.done ? at : null,
    },
    artworkIds,
    {
      eventType: CREATE_EVENT,
      fromState: null,
      toState: described.state,
      byUserId: actor.id,
      at,
      comment: '',
      payload: subject,
      definitionVersion: definition.version,
      allowedBy,
    },
  )
  await runEffects(
    tx,
    env,
    {
      lang,
      id,
      type: definition.type,
      createdBy,
      definition,
      context: snapshot.context,
      event: { type: CREATE_EVENT, actor, at: at.toISOString(), payload: subject },
      at,
      currentStep: described.currentStep,
      previousStep: null,
      allowedBy,
    },
    actions as Action[],
  )
  await syncTasks(tx, {
    processId: id,
    type: definition.type,
    definition,
    snapshot,
    createdBy,
    at,
    by: actor.id,
    event: CREATE_EVENT,
  })
  return id
}

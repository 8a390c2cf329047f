// XState's pure `transition(machine, snapshot, event)` without its per-call cost. XState's own function
// builds a throwaway actor on every call, and the actor's constructor computes the machine's initial state
// (about 90 µs per event on a purchase, measured against 12 µs here: see docs/decisions.md). Here the inert
// scope is made once per machine and only its action collector changes per call. Only for machines that
// invoke nothing and have no delayed transitions (the scope's actor and system are then never touched; no
// machine spawns either); any other machine goes through XState's own `transition`. The call is
// synchronous, so the collector is never shared. tests/model/pure-transition.test.ts proves it equal to
// `transition()` on every covering path of every registered machine.
import { type AnyActorScope, type AnyStateMachine, type AnyStateNode, createActor, transition } from 'xstate'
import type { ProcessEvent, ProcessMachine, ProcessSnapshot } from '../../../../machines/types'

export type Action = { type: string; params?: unknown }

const inertScopes = new WeakMap<AnyStateMachine, AnyActorScope | null>()

function hasActors(node: AnyStateNode): boolean {
  if (node.invoke.length > 0 || node.after.length > 0) return true
  return Object.values(node.states).some((child) => hasActors(child as AnyStateNode))
}

function inertScopeOf(machine: AnyStateMachine): AnyActorScope | null {
  let scope = inertScopes.get(machine)
  if (scope === undefined) {
    if (hasActors(machine.root)) scope = null
    else {
      const self = createActor(machine)
      const noop = () => {}
      scope = {
        self,
        defer: noop,
        id: '',
        logger: noop,
        sessionId: '',
        stopChild: noop,
        system: self.system,
        emit: noop,
        actionExecutor: noop,
      } as unknown as AnyActorScope
    }
    inertScopes.set(machine, scope)
  }
  return scope
}

/** The next snapshot and the actions the transition returned (the runtime applies the `effect` ones). */
export function pureTransition(
  machine: ProcessMachine,
  snapshot: ProcessSnapshot,
  event: ProcessEvent,
): [ProcessSnapshot, Action[]] {
  const scope = inertScopeOf(machine)
  if (scope === null) return transition(machine, snapshot, event)
  const actions: Action[] = []
  scope.actionExecutor = (action) => {
    actions.push(action as Action)
  }
  try {
    return [machine.transition(snapshot, event, scope), actions]
  } finally {
    scope.actionExecutor = () => {}
  }
}

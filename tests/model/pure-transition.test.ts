// The runtime's own use of the machines, checked on every covering path of every registered machine
// version (the paths that take every transition): pureTransition (src/server/modules/process/
// pure-transition.ts) is XState's own pure `transition()` without the throwaway actor XState builds on every
// call — after each event, the same persisted snapshot and the same actions (type and params, in order);
// and allowedBy (machines/allowed-by.ts) names what the machine itself accepts: the starter alone, or one
// privilege the actor holds that suffices alone, or allPrivileges only when none does. Should an XState
// upgrade change what the shim relies on, this fails before the runtime goes wrong.
import { expect, describe as group, it } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { ALLOWED_BY_ALL, ALLOWED_BY_STARTER, allowedBy } from '../../machines/allowed-by'
import { allDefinitions } from '../../machines/registry'
import type { Actor, ProcessContext, ProcessDefinition, ProcessEvent } from '../../machines/types'
import { type Action, pureTransition } from '../../src/server/modules/process/pure-transition'
import { type ConcreteEvent, coveringPaths, modelInput, toMachineEvent } from './graph-paths'

const actionsOf = (actions: unknown[]) =>
  (actions as Action[]).map((a) => ({ type: a.type, params: a.params ?? null }))

const pathsOf = new Map<ProcessDefinition, ConcreteEvent[][]>()
function paths(definition: ProcessDefinition): ConcreteEvent[][] {
  let found = pathsOf.get(definition)
  if (!found) {
    found = coveringPaths(definition)
    pathsOf.set(definition, found)
  }
  return found
}

/** Every event of every covering path with the snapshot it is sent to (XState's own transition). */
function* walk(definition: ProcessDefinition): Generator<[AnyMachineSnapshot, ProcessEvent]> {
  for (const path of paths(definition)) {
    let [snapshot] = initialTransition(definition.machine, modelInput(definition)) as [
      AnyMachineSnapshot,
      unknown,
    ]
    for (const step of path) {
      const event = toMachineEvent(definition, step)
      yield [snapshot, event]
      ;[snapshot] = transition(definition.machine, snapshot, event as never)
    }
  }
}

group('pureTransition equals XState transition()', () => {
  for (const definition of allDefinitions()) {
    it(`${definition.type} v${definition.version}: every covering path, event by event`, () => {
      const { machine } = definition
      let events = 0
      for (const [snapshot, event] of walk(definition)) {
        const [ours, ourActions] = pureTransition(machine, snapshot, event)
        const [theirs, theirActions] = transition(machine, snapshot, event as never)
        expect(machine.getPersistedSnapshot(ours)).toEqual(machine.getPersistedSnapshot(theirs))
        expect(ours.status).toBe(theirs.status)
        expect(actionsOf(ourActions)).toEqual(actionsOf(theirActions))
        // An event the state does not take leaves the snapshot as it was, in both.
        expect(ours === snapshot).toBe(theirs === snapshot)
        events += 1
      }
      expect(events).toBeGreaterThan(0)
    })
  }
})

group('allowedBy names what the machine accepts', () => {
  const only = (actor: Actor, privileges: string[]): Actor => ({
    id: actor.id,
    privileges,
    allPrivileges: false,
  })

  for (const definition of allDefinitions()) {
    it(`${definition.type} v${definition.version}: every event of every covering path`, () => {
      for (const [snapshot, event] of walk(definition)) {
        const { actor } = event
        const can = (probe: Actor) => snapshot.can({ ...event, actor: probe })
        expect(can(actor), `${event.type} by ${actor.id}`).toBe(true)
        const allowed = allowedBy(snapshot, event)
        if (allowed === ALLOWED_BY_STARTER) {
          expect(actor.id).toBe((snapshot.context as ProcessContext).startedBy)
          expect(can(only(actor, []))).toBe(true)
        } else if (allowed === ALLOWED_BY_ALL) {
          expect(actor.allPrivileges).toBe(true)
          expect(actor.privileges.some((p) => can(only(actor, [p])))).toBe(false)
        } else {
          expect(actor.privileges).toContain(allowed)
          expect(can(only(actor, [allowed]))).toBe(true)
          expect(can(only(actor, []))).toBe(false)
        }
      }
    })
  }

  it('meets both a privilege and the starter on the paths (each test stands alone)', () => {
    const seen = new Set<string>()
    for (const definition of allDefinitions())
      for (const [snapshot, event] of walk(definition)) {
        const allowed = allowedBy(snapshot, event)
        seen.add(allowed === ALLOWED_BY_STARTER || allowed === ALLOWED_BY_ALL ? allowed : 'privilege')
      }
    expect(seen).toContain('privilege')
    expect(seen).toContain(ALLOWED_BY_STARTER)
  })
})

// The runtime's pureTransition (src/server/modules/process/pure-transition.ts) is XState's own pure
// `transition()` without the throwaway actor XState builds on every call. This proves the two equal on
// every covering path of every registered machine version (the paths that take every transition): after
// each event, the same persisted snapshot and the same actions (type and params, in order). Should an
// XState upgrade change what the shim relies on, this fails before the runtime goes wrong.
import { expect, describe as group, it } from 'vitest'
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { allDefinitions } from '../../machines/registry'
import { type Action, pureTransition } from '../../src/server/modules/process/pure-transition'
import { coveringPaths, modelInput, toMachineEvent } from './graph-paths'

const actionsOf = (actions: unknown[]) =>
  (actions as Action[]).map((a) => ({ type: a.type, params: a.params ?? null }))

group('pureTransition equals XState transition()', () => {
  for (const definition of allDefinitions()) {
    it(`${definition.type} v${definition.version}: every covering path, event by event`, () => {
      const { machine } = definition
      const paths = coveringPaths(definition)
      expect(paths.length).toBeGreaterThan(0)
      let events = 0
      for (const path of paths) {
        let [ours] = initialTransition(machine, modelInput(definition)) as [AnyMachineSnapshot, unknown]
        let theirs = ours
        for (const step of path) {
          const event = toMachineEvent(definition, step)
          const [nextOurs, ourActions] = pureTransition(machine, ours, event)
          const [nextTheirs, theirActions] = transition(machine, theirs, event as never)
          expect(machine.getPersistedSnapshot(nextOurs)).toEqual(machine.getPersistedSnapshot(nextTheirs))
          expect(nextOurs.status).toBe(nextTheirs.status)
          expect(actionsOf(ourActions)).toEqual(actionsOf(theirActions))
          // An event the state does not take leaves the snapshot as it was, in both.
          expect(nextOurs === ours).toBe(nextTheirs === theirs)
          ours = nextOurs
          theirs = nextTheirs
          events += 1
        }
      }
      expect(events).toBeGreaterThan(paths.length - 1)
    })
  }
})

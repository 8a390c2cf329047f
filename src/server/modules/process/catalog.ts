// Which machines the runtime runs: every version of every registered type. The server uses the registry
// in machines/ (machine-catalog.ts); the runtime's own tests hand it a catalog of test machines. What a
// snapshot means (status, steps, next events, payloads) always comes from machines/view.ts.
import type { ProcessDefinition } from '../../../../machines/types'
import type { ProcessType } from '../../../shared/process-types'

export interface ProcessCatalog {
  /** The types that have a machine. */
  types(): ProcessType[]
  /** The version new processes of a type start on. */
  latest(type: ProcessType): ProcessDefinition
  /** A given version of a type (every version a running process may use). */
  definitionOf(type: ProcessType, version: number): ProcessDefinition | undefined
  /** All versions kept for a type, oldest first. */
  versionsOf(type: ProcessType): number[]
}

// Every process type, one line each: its declaration (machines/types.ts ProcessTypeDeclaration) carries its name,
// its label in both languages, every version a process may run on (a running process finishes on the version it
// started with, so an old version stays as long as processes use it), its list screen, its demo document and its
// sample payloads.
//
// A new process type touches exactly these files (tests/model/new-type.test.ts builds one in a copy of the tree:
// listed, diagrammed, given its list route and walked with only 1, 2 and the generated files;
// tests/api/process-new-type.test.ts starts, lists and walks one through the runtime and the database):
//   1. machines/<type>.ts                         its machine and its declaration (`declareType`: its list screen's
//                                                 words, its sample payloads)
//   2. machines/registry.ts                       its line in DECLARATIONS below (and the import)
//   3. src/shared/process-steps/<area>.ts         its step schemas (they may also sit in the machine file)
//   4. src/web/areas/process/step-forms/<area>/   its step forms, registered in that area's index.ts
//   5. tests/model/process-rules.test.ts          the effects expected at each of its endings (the compiler asks)
// then `npm run diagrams` (generated: docs/flows/<TYPE>.md; src/shared/process-types.ts, the type union, labels,
// list screens; src/web/routes/_app/<system>/<list>.tsx, its list route when `list.screen` gives the words) and
// `npm run fingerprints` (machines/fingerprints.json). No database migration: the type columns are text, the
// server registers the type's versions at boot (process_definition_versions), and a process row names a
// registered (type, version).
import type { ProcessType } from '../src/shared/process-types'
import { buyArt } from './buy-art'
import { buyArtTrans } from './buy-art-trans'
import { conditionCheck } from './condition-check'
import { damageLoss } from './damage-loss'
import { deaccession } from './deaccession'
import { financePayment } from './finance-payment'
import { insuranceAnnual } from './insurance-annual'
import { insuranceOperation } from './insurance-operation'
import { insurancePayout } from './insurance-payout'
import { insuranceRenewal } from './insurance-renewal'
import { inventoryCheck } from './inventory-check'
import { loanIn } from './loan-in'
import { objectEntry } from './object-entry'
import { operationLoanExhibitionArt } from './operation-loan-exhibition-art'
import { operationMountArt } from './operation-mount-art'
import { operationRepairArt } from './operation-repair-art'
import { operationReplicaArt } from './operation-replica-art'
import { operationSellArt } from './operation-sell-art'
import { operationShotArt } from './operation-shot-art'
import { operationTransArt } from './operation-trans-art'
import type { ProcessDefinition, ProcessTypeDeclaration } from './types'

/** Every process type, in the order the app lists them. */
export const DECLARATIONS = [
  buyArt,
  buyArtTrans,
  operationTransArt,
  operationShotArt,
  operationReplicaArt,
  operationMountArt,
  operationRepairArt,
  operationLoanExhibitionArt,
  operationSellArt,
  insuranceAnnual,
  insuranceOperation,
  insuranceRenewal,
  insurancePayout,
  inventoryCheck,
  deaccession,
  damageLoss,
  conditionCheck,
  objectEntry,
  loanIn,
  financePayment,
] as const satisfies readonly ProcessTypeDeclaration[]

/** The declared names and the generated union are the same set (else: `npm run diagrams`). */
type Declared = (typeof DECLARATIONS)[number]['type']
const sameTypes: [Declared] extends [ProcessType]
  ? [ProcessType] extends [Declared]
    ? true
    : never
  : never = true
void sameTypes

const byType = new Map<string, ProcessTypeDeclaration>(DECLARATIONS.map((d) => [d.type, d]))

const versions: Partial<Record<ProcessType, readonly ProcessDefinition[]>> = Object.fromEntries(
  DECLARATIONS.map((d) => [d.type, d.versions]),
)
/** Every definition version per type, oldest first (every type is there: `sameTypes` checks it). */
export const REGISTRY = versions as Record<ProcessType, readonly ProcessDefinition[]>

/** Every process type, in the registry's order. */
export function registeredTypes(): ProcessType[] {
  return DECLARATIONS.map((d) => d.type)
}

/** A type's declaration. */
export function declarationOf(type: ProcessType): ProcessTypeDeclaration {
  const d = byType.get(type)
  if (!d) throw new Error(`No declaration for process type ${type}`)
  return d
}

/** Every definition of every version. */
export function allDefinitions(): ProcessDefinition[] {
  return DECLARATIONS.flatMap((d) => d.versions)
}

/** The version new processes of a type start on. */
export function latest(type: ProcessType): ProcessDefinition {
  const versions = REGISTRY[type]
  if (!versions?.length) throw new Error(`No machine for process type ${type}`)
  return versions[versions.length - 1]
}

/** A given version (every version a running process may use), or undefined. */
export function definitionOf(type: ProcessType, version: number): ProcessDefinition | undefined {
  return REGISTRY[type]?.find((d) => d.version === version)
}

export function versionsOf(type: ProcessType): number[] {
  return REGISTRY[type].map((d) => d.version)
}

// Every version of every process type that a process may run on. A running process finishes on the version
// it started with, so an old version stays here as long as processes use it; a new process type is one
// machine file plus one line below.
import { PROCESS_TYPES, type ProcessType } from '../src/shared/process-types'
import { buyArtV1 } from './buy-art'
import { buyArtTransV1, buyArtTransV2, buyArtTransV3 } from './buy-art-trans'
import { financePaymentV1 } from './finance-payment'
import { insuranceAnnualV1 } from './insurance-annual'
import { insuranceOperationV1 } from './insurance-operation'
import { insurancePayoutV1 } from './insurance-payout'
import { insuranceRenewalV1 } from './insurance-renewal'
import { inventoryCheckV1 } from './inventory-check'
import { operationLoanExhibitionArtV1 } from './operation-loan-exhibition-art'
import { operationMountArtV1, operationMountArtV2 } from './operation-mount-art'
import { operationRepairArtV1, operationRepairArtV2 } from './operation-repair-art'
import { operationReplicaArtV1 } from './operation-replica-art'
import { operationSellArtV1 } from './operation-sell-art'
import { operationShotArtV1 } from './operation-shot-art'
import { operationTransArtV1, operationTransArtV2 } from './operation-trans-art'
import type { ProcessDefinition } from './types'

/** Every definition version per type, oldest first. */
export const REGISTRY: Record<ProcessType, readonly ProcessDefinition[]> = {
  BUY_ART: [buyArtV1],
  BUY_ART_TRANS: [buyArtTransV1, buyArtTransV2, buyArtTransV3],
  OPERATION_TRANS_ART: [operationTransArtV1, operationTransArtV2],
  OPERATION_SHOT_ART: [operationShotArtV1],
  OPERATION_MOUNT_ART: [operationMountArtV1, operationMountArtV2],
  OPERATION_REPAIR_ART: [operationRepairArtV1, operationRepairArtV2],
  OPERATION_LOAN_EXHIBITION_ART: [operationLoanExhibitionArtV1],
  OPERATION_SELL_ART: [operationSellArtV1],
  OPERATION_REPLICA_ART: [operationReplicaArtV1],
  INSURANCE_ANNUAL: [insuranceAnnualV1],
  INSURANCE_OPERATION: [insuranceOperationV1],
  INSURANCE_RENEWAL: [insuranceRenewalV1],
  INSURANCE_PAYOUT: [insurancePayoutV1],
  INVENTORY_CHECK: [inventoryCheckV1],
  FINANCE_PAYMENT: [financePaymentV1],
}

/** Every process type, in the order of PROCESS_TYPES. */
export function registeredTypes(): ProcessType[] {
  return PROCESS_TYPES.filter((t) => REGISTRY[t].length > 0)
}

/** Every definition of every version. */
export function allDefinitions(): ProcessDefinition[] {
  return PROCESS_TYPES.flatMap((t) => REGISTRY[t])
}

/** The version new processes of a type start on. */
export function latest(type: ProcessType): ProcessDefinition {
  const versions = REGISTRY[type]
  if (!versions.length) throw new Error(`No machine for process type ${type}`)
  return versions[versions.length - 1]
}

/** A given version (every version a running process may use), or undefined. */
export function definitionOf(type: ProcessType, version: number): ProcessDefinition | undefined {
  return REGISTRY[type].find((d) => d.version === version)
}

export function versionsOf(type: ProcessType): number[] {
  return REGISTRY[type].map((d) => d.version)
}

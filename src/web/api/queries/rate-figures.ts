// The queries whose figures are converted through the exchange rates or read the valuations: the finance
// screens (payments, the collection's value) and the data centre (the collection at a glance, the value over
// time). One place names them, so that a rate or a valuation added, edited, deleted or imported refreshes
// every figure that said a rate was missing, rather than waiting for them to go stale.
import type { QueryClient } from '@tanstack/react-query'
import { datacentreKeys } from './datacentre'
import { financeKeys } from './finance'

export const RATE_FIGURE_KEYS = [financeKeys.all, datacentreKeys.all] as const

/** Refresh every figure that depends on the rates (after a rate or a valuation changed). */
export function invalidateRateFigures(queryClient: QueryClient): Promise<void> {
  return Promise.all(RATE_FIGURE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  )
}

// A policy's schedule of cover shared out from its insured amount: in proportion to each artwork's
// weight — its latest valuation in the policy's currency, or its value on the schedule a renewal follows —
// with the artworks that have none sharing what is left equally. Exact: cents as bigint, never floats; the
// parts always add up to the total, the rounding remainder going to the largest part.
import { fromCents, toCents } from '../../../shared/validation'

export interface ShareItem {
  id: string
  /** A positive decimal string in the policy's currency, or null (no valuation in that currency). */
  weight: string | null
}

/** The index of the largest value (the first of equals). */
function largest(values: bigint[]): number {
  let best = 0
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i
  return best
}

/** `total` in proportion to `weights` (all positive), floored, the remainder to the largest weight. */
function proportional(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n)
  const parts = weights.map((w) => (total * w) / sum)
  parts[largest(weights)] += total - parts.reduce((a, b) => a + b, 0n)
  return parts
}

/** `total` in `n` equal parts, floored, the remainder to the first. */
function equal(total: bigint, n: number): bigint[] {
  const parts = Array.from({ length: n }, () => total / BigInt(n))
  parts[0] += total - parts.reduce((a, b) => a + b, 0n)
  return parts
}

/**
 * Each item's share of `total` (a non-negative money string), in the items' order:
 * - every item weighted: in proportion to the weights;
 * - none weighted: equal parts;
 * - some weighted: when their weights add up to no more than the total, each weighted item gets its weight
 *   and the others share what is left equally; when they add up to more, the weighted items share the
 *   whole total in proportion and the others get 0.00 (nothing is left: the staff adjust the schedule).
 */
export function shareOut(total: string, items: readonly ShareItem[]): { id: string; amount: string }[] {
  if (items.length === 0) return []
  const all = toCents(total)
  if (all < 0n) throw new Error('shareOut: a negative total')
  const weightOf = items.map((i) => {
    const w = i.weight === null ? 0n : toCents(i.weight)
    return w > 0n ? w : 0n
  })
  const weighted = items.map((_, i) => i).filter((i) => weightOf[i] > 0n)
  const others = items.map((_, i) => i).filter((i) => weightOf[i] === 0n)
  const parts: bigint[] = items.map(() => 0n)
  const assign = (indexes: number[], values: bigint[]) => {
    indexes.forEach((idx, k) => {
      parts[idx] = values[k]
    })
  }
  if (weighted.length === 0) assign(others, equal(all, others.length))
  else if (others.length === 0)
    assign(
      weighted,
      proportional(
        all,
        weighted.map((i) => weightOf[i]),
      ),
    )
  else {
    const sum = weighted.reduce((a, i) => a + weightOf[i], 0n)
    if (sum <= all) {
      assign(
        weighted,
        weighted.map((i) => weightOf[i]),
      )
      assign(others, equal(all - sum, others.length))
    } else
      assign(
        weighted,
        proportional(
          all,
          weighted.map((i) => weightOf[i]),
        ),
      )
  }
  return items.map((item, i) => ({ id: item.id, amount: fromCents(parts[i]) }))
}

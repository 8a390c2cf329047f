// The search parameters of the valuation screens, validated at their routes so a link or a bookmark opens exactly
// what it names (filters, the "not valued in N years" view, the page, the artwork whose history is open).
// Anything invalid is dropped rather than refused.
import { VALUATION_METHODS } from '../../../shared/constants'
import { clean, oneOf, pageParam, uuidParam } from '../operations/op-search'
import type { ValuationsSearch } from './ValuationsScreen'

export function validateValuationsSearch(search: Record<string, unknown>): ValuationsSearch {
  const years = Number(search.years)
  return clean({
    q: typeof search.q === 'string' && search.q.trim() ? search.q.trim().slice(0, 100) : undefined,
    currency:
      typeof search.currency === 'string' && /^[A-Z]{3}$/.test(search.currency) ? search.currency : undefined,
    method: oneOf(VALUATION_METHODS, search.method),
    view: search.view === 'stale' ? ('stale' as const) : undefined,
    years: Number.isInteger(years) && years >= 1 && years <= 50 ? years : undefined,
    page: pageParam(search.page),
    artwork: uuidParam(search.artwork),
  })
}

// How a value of the record reads in the change history: tag ids as their labels, codes as dictionary
// words, booleans as yes/no, money with separators, lists by their size. Pure, so the history reads the
// same wherever it is shown and a test can pin it down.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { moneyText } from '../../../../shared/money-text'
import type { ArchiveReference } from '../reference-data'

export interface ChangeContext {
  i18n: I18n
  reference: Pick<ArchiveReference, 'tagLabel' | 'dictLabel' | 'roomLabel'>
  /** The artist's name by id, when known. */
  artistName?: (id: string) => string | undefined
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

export const EMPTY_VALUE = '—'

export function changeValueText(field: string, value: unknown, ctx: ChangeContext): string {
  const { i18n, reference } = ctx
  if (isEmpty(value)) return EMPTY_VALUE
  if (field === 'labelTagIds' && Array.isArray(value))
    return value.map((id) => reference.tagLabel(id as number)).join(', ')
  if (field.endsWith('TagId')) return reference.tagLabel(value as number)
  if (field === 'packagingType') return reference.dictLabel('PACKAGING_TYPE', String(value))
  if (field === 'artistId') return ctx.artistName?.(String(value)) ?? i18n._(msg`Another artist`)
  if (field === 'latestValuation') return moneyText(String(value))
  if (field === 'volumeWeight' || field === 'actualWeight') return `${value} kg`
  if (field === 'zipFileId') return i18n._(msg`A zip file`)
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`)
  if (Array.isArray(value)) {
    const count = value.length
    if (field === 'media') return i18n._(msg`${count} files`)
    return i18n._(msg`${count} entries`)
  }
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Valuation fields of a change (the valuation history is read from the record's history). */
export const VALUATION_FIELDS = ['latestValuation', 'latestValuationCurrency', 'valuationDate'] as const

export interface ValuationPoint {
  version: number
  at: string
  byName: string
  action: string
  value: string | null
  currency: string | null
  date: string | null
  previousValue: string | null
  previousCurrency: string | null
}

interface HistoryLike {
  version: number
  at: string
  byName: string
  action: string
  changes: { field: string; old: unknown; new: unknown }[]
}

/**
 * The valuations an artwork went through, newest first: each history entry that changed a valuation
 * field, with the values after it. Fields a change left alone carry over from the entry before.
 */
export function valuationHistory(entries: readonly HistoryLike[]): ValuationPoint[] {
  const chronological = [...entries].sort((a, b) => a.version - b.version)
  let value: string | null = null
  let currency: string | null = null
  let date: string | null = null
  const points: ValuationPoint[] = []
  for (const e of chronological) {
    const touched = e.changes.filter((c) => (VALUATION_FIELDS as readonly string[]).includes(c.field))
    if (touched.length === 0) continue
    const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v))
    const oldOf = (field: string, fallback: string | null) => {
      const c = touched.find((x) => x.field === field)
      return c ? text(c.old) : fallback
    }
    const previousValue = oldOf('latestValuation', value)
    const previousCurrency = oldOf('latestValuationCurrency', currency)
    for (const c of touched) {
      const v = text(c.new)
      if (c.field === 'latestValuation') value = v
      if (c.field === 'latestValuationCurrency') currency = v
      if (c.field === 'valuationDate') date = v
    }
    points.push({
      version: e.version,
      at: e.at,
      byName: e.byName,
      action: e.action,
      value,
      currency,
      date,
      previousValue,
      previousCurrency,
    })
  }
  return points.reverse()
}

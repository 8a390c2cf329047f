// The process screens' URLs: what a bookmark may name is kept, anything else is dropped (never refused),
// so a shared or stale link still opens the list.
import { describe, expect, it } from 'vitest'
import {
  validateProcessListSearch,
  validateProcessOpenSearch,
} from '../../../src/web/areas/process/process-search'

const ID = '3f1c2b9a-5d4e-4f6a-8b7c-9d0e1f2a3b4c'

describe('process search parameters', () => {
  it('keeps every valid filter of the list', () => {
    expect(
      validateProcessListSearch({
        type: 'BUY_ART',
        status: 'approvalOngoing',
        step: 'dueDiligence',
        artworkId: ID,
        createdBy: ID,
        from: '2026-01-01',
        to: '2026-01-31',
        page: '3',
      }),
    ).toEqual({
      type: 'BUY_ART',
      status: 'approvalOngoing',
      step: 'dueDiligence',
      artworkId: ID,
      createdBy: ID,
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
    })
  })

  it('drops what is not valid: unknown type and status, bad ids, impossible or reversed dates, page 1', () => {
    expect(
      validateProcessListSearch({
        type: 'NOPE',
        status: 'sleeping',
        step: 'a b',
        artworkId: 'x',
        from: '2026-02-30',
        to: '01/01/2026',
        page: '1',
      }),
    ).toEqual({})
    expect(validateProcessListSearch({ from: '2026-03-01', to: '2026-01-01' })).toEqual({})
  })

  it('opens a process by id, with a tab only beside a process', () => {
    expect(validateProcessOpenSearch({ process: ID, tab: 'history' })).toEqual({
      process: ID,
      tab: 'history',
    })
    expect(validateProcessOpenSearch({ process: ID, tab: 'secrets' })).toEqual({ process: ID })
    expect(validateProcessOpenSearch({ tab: 'history' })).toEqual({})
    expect(validateProcessOpenSearch({ process: '../etc' })).toEqual({})
  })
})

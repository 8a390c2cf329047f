// The archive's URL state: what a bookmark or a hand-written link may hold (bad values dropped, never an
// error), how it becomes the API's query string, and how filter changes reset the page.
import { describe, expect, it } from 'vitest'
import { artworkListQuery } from '../../../src/shared/contracts/artworks'
import {
  activeFilterCount,
  clearedFilters,
  filterParams,
  toApiParams,
  validateArchiveSearch,
  withFilters,
} from '../../../src/web/areas/archive/archive-search'

const ROOM = '5b1f3a5e-8d6c-4a8e-9f3c-2a7d1e0b9c44'

describe('archive search in the URL', () => {
  it('keeps valid filters, in the shapes the router hands over', () => {
    const search = validateArchiveSearch({
      keyword: '荷塘',
      mediumTagId: [3, 4],
      periodTagId: 7,
      labelTagId: '12,13',
      roomId: [ROOM],
      status: ['in_collection'],
      inWarehouse: true,
      missingPreview: 'false',
      buyYearFrom: 1990,
      buyYearTo: '2005',
      valuationCurrency: 'HKD',
      valuationMin: '1000000',
      sort: 'latestValuation',
      order: 'desc',
      page: 3,
      pageSize: 50,
      view: 'gallery',
    })
    expect(search).toEqual({
      keyword: '荷塘',
      mediumTagId: [3, 4],
      periodTagId: [7],
      labelTagId: [12, 13],
      roomId: [ROOM],
      status: ['in_collection'],
      inWarehouse: true,
      missingPreview: false,
      buyYearFrom: 1990,
      buyYearTo: 2005,
      valuationCurrency: 'HKD',
      valuationMin: '1000000',
      sort: 'latestValuation',
      order: 'desc',
      page: 3,
      pageSize: 50,
      view: 'gallery',
    })
  })

  it('drops what is wrong instead of failing the page', () => {
    const search = validateArchiveSearch({
      mediumTagId: ['x'],
      roomId: ['not-a-uuid'],
      status: ['lost'],
      inWarehouse: 'maybe',
      buyYearFrom: 99,
      valuationCurrency: 'hkd',
      valuationMin: '1,000',
      sort: 'price',
      page: 0,
      pageSize: 37,
      view: 'wall',
      unknown: 'kept?',
    })
    expect(search).toEqual({})
  })

  it('writes the query string the API validates, lists joined by commas', () => {
    const search = validateArchiveSearch({
      mediumTagId: [3, 4],
      inWarehouse: false,
      buyYearFrom: 1990,
      page: 2,
    })
    const params = toApiParams(search)
    expect(params).toEqual({
      mediumTagId: '3,4',
      inWarehouse: 'false',
      buyYearFrom: 1990,
      sort: undefined,
      order: undefined,
      page: 2,
      pageSize: 20,
    })
    const asQuery = Object.fromEntries(
      Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    )
    const parsed = artworkListQuery.safeParse(asQuery)
    expect(parsed.success).toBe(true)
    expect(parsed.data?.mediumTagId).toEqual([3, 4])
    expect(parsed.data?.inWarehouse).toBe(false)
  })

  it('leaves a valuation range out until its currency is chosen', () => {
    const noCurrency = validateArchiveSearch({ valuationMin: '10', valuationMax: '20' })
    expect(filterParams(noCurrency)).toEqual({})
    expect(activeFilterCount(noCurrency)).toBe(0)
    expect(
      activeFilterCount(
        validateArchiveSearch({ keyword: 'x', buyYearFrom: 1990, buyYearTo: 2000, valuationCurrency: 'USD' }),
      ),
    ).toBe(3)
    const withCurrency = validateArchiveSearch({ valuationCurrency: 'USD', valuationMin: '10' })
    expect(filterParams(withCurrency)).toEqual({ valuationCurrency: 'USD', valuationMin: '10' })
  })

  it('goes back to the first page when a filter changes, and clears lists emptied', () => {
    const search = validateArchiveSearch({ mediumTagId: [3], page: 4, sort: 'buyYear', view: 'gallery' })
    expect(withFilters(search, { periodTagId: [7] })).toEqual({
      mediumTagId: [3],
      periodTagId: [7],
      sort: 'buyYear',
      view: 'gallery',
    })
    expect(withFilters(search, { mediumTagId: [] })).toEqual({ sort: 'buyYear', view: 'gallery' })
    expect(clearedFilters({ ...search, keyword: 'x', pageSize: 50 })).toEqual({
      view: 'gallery',
      sort: 'buyYear',
      pageSize: 50,
    })
  })
})

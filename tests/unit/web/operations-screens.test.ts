// The operations screens' pure parts: what a process's context says about its transport (the approved
// information of whichever step carries it, the DEPART / ARRIVE reports), the tabs a type's machine gives
// its list, and the URL parameters each screen keeps (invalid ones dropped, never refused).
import { describe, expect, it } from 'vitest'
import { validateHistorySearch, validateTypeListSearch } from '../../../src/web/areas/operations/op-search'
import { liveStatuses, typeListFilters } from '../../../src/web/areas/operations/TypeListScreen'
import { transportFacts } from '../../../src/web/areas/operations/transport-facts'
import { processContext } from './process-context'

const ID = '6f1c1e2a-4d7b-4c3e-9a51-2b7d8e9f0a11'

describe('transportFacts', () => {
  it('reads the approved information of the step that carries it and the movement reports', () => {
    const facts = transportFacts({
      context: processContext({
        steps: {
          transportInfo: {
            data: {
              fromLocation: 'Shanghai',
              toLocation: 'Geneva',
              toRoomId: ID,
              shipper: 'Fine Art Logistics',
              transportType: 'AIR',
              plannedDeparture: '2026-03-02',
              plannedArrival: '2026-03-05',
              cost: '8800.00',
              currency: 'CNY',
            },
            approvals: [],
          },
          transport: {
            approvals: [],
            events: [
              { type: 'DEPART', by: 'u1', at: '2026-03-02T08:00:00.000Z', payload: { trackingNo: 'FAL-1' } },
              {
                type: 'ARRIVE',
                by: 'u2',
                at: '2026-03-06T09:00:00.000Z',
                payload: {
                  arrivedOn: '2026-03-05',
                  conditionOk: false,
                  conditionNote: 'Corner dent',
                  attachments: [ID],
                },
              },
            ],
          },
        },
      }),
    })
    expect(facts).toMatchObject({
      step: 'transportInfo',
      approved: true,
      fromLocation: 'Shanghai',
      toRoomId: ID,
      fromRoomId: null,
      shipper: 'Fine Art Logistics',
      cost: '8800.00',
    })
    // Without a date in the report, the day of the event counts.
    expect(facts.departed).toMatchObject({
      on: '2026-03-02',
      trackingNo: 'FAL-1',
      by: 'u1',
      conditionOk: null,
    })
    expect(facts.arrived).toMatchObject({
      on: '2026-03-05',
      conditionOk: false,
      conditionNote: 'Corner dent',
      attachments: [ID],
    })
  })

  it('says a draft is not yet approved, and nothing when no step carries a route', () => {
    const draft = transportFacts({
      context: processContext({ steps: { artworkTransport: { draft: { toLocation: 'Framer' } } } }),
    })
    expect(draft).toMatchObject({
      step: 'artworkTransport',
      approved: false,
      toLocation: 'Framer',
      departed: null,
    })
    expect(
      transportFacts({ context: processContext({ steps: { loan: { data: { borrower: 'M+' } } } }) }).step,
    ).toBeNull()
    expect(transportFacts({ context: processContext() }).step).toBeNull()
  })
})

describe('the tabs of a type list', () => {
  it('are the statuses the machine can be in while under way, terminated and final ones left out', () => {
    const statuses = liveStatuses('OPERATION_TRANS_ART')
    expect(statuses).toEqual(
      expect.arrayContaining(['draft', 'approvalOngoing', 'rejected', 'toBeTransported', 'transporting']),
    )
    expect(statuses).not.toContain('terminated')
    expect(statuses).not.toContain('completed')
    expect(liveStatuses('OPERATION_LOAN_EXHIBITION_ART')).toContain('onLoan')
  })

  it('ask the process list for active, ended or one status', () => {
    expect(typeListFilters('OPERATION_SHOT_ART', {})).toMatchObject({
      type: 'OPERATION_SHOT_ART',
      phase: 'active',
      page: 1,
    })
    expect(typeListFilters('OPERATION_SHOT_ART', { show: 'done', page: 3 })).toMatchObject({
      phase: 'ended',
      page: 3,
    })
    const one = typeListFilters('OPERATION_SHOT_ART', { show: 'rejected', artworkId: ID })
    expect(one).toMatchObject({ status: 'rejected', artworkId: ID })
    expect(one).not.toHaveProperty('phase')
  })
})

describe('URL parameters', () => {
  it('keep what is valid and drop the rest', () => {
    expect(
      validateTypeListSearch({
        show: 'transporting',
        start: '1',
        artworkId: ID,
        page: '2',
        from: '2026-01-01',
      }),
    ).toEqual({ show: 'transporting', start: 1, artworkId: ID, page: 2, from: '2026-01-01' })
    expect(
      validateTypeListSearch({ show: 'lost', start: 'yes', artworkId: '42', page: '0', from: '2026-02-30' }),
    ).toEqual({})
    // A reversed date range is dropped whole.
    expect(validateTypeListSearch({ from: '2026-03-02', to: '2026-03-01' })).toEqual({})
    expect(validateHistorySearch({ type: 'OPERATION_SELL_ART', status: 'terminated', process: ID })).toEqual({
      type: 'OPERATION_SELL_ART',
      status: 'terminated',
      process: ID,
    })
    expect(validateHistorySearch({ type: 'NOPE', status: 'draft' })).toEqual({})
  })
})

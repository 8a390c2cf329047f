// The process API (docs/architecture.md § Workflow runtime) as query options and calls: definitions and per-state counts
// (analysts' diagrams), the filtered list, one process view (as the user sees it, or as a delegate acting for
// someone sees it), start and send an event. The inbox of tasks is in tasks.ts.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type ProcessCreateInput,
  type ProcessEventInput,
  type ProcessListQuery,
  processDefinitionView,
  processHistoryItem,
  processReplay,
  processStatsView,
  processStepRecord,
  processView,
} from '../../../shared/contracts/process'
import { type ProcessBulkInput, processBulkResult } from '../../../shared/contracts/process-bulk'
import { api } from '../http'

/** The list's filters as the URL keeps them (every one optional; page from 1). */
export type ProcessListFilters = Omit<ProcessListQuery, 'page' | 'pageSize'> & {
  page?: number
  pageSize?: number
}

export const processKeys = {
  all: ['process'] as const,
  definitions: () => [...processKeys.all, 'definitions'] as const,
  allStats: () => [...processKeys.all, 'stats'] as const,
  lists: () => [...processKeys.all, 'list'] as const,
  list: (filters: ProcessListFilters) => [...processKeys.lists(), filters] as const,
  details: () => [...processKeys.all, 'detail'] as const,
  detail: (id: string) => [...processKeys.details(), id] as const,
  /** The view as a delegate acting for `onBehalfOf` sees it (under the process's key: invalidated with it). */
  detailAs: (id: string, onBehalfOf?: string) =>
    onBehalfOf ? ([...processKeys.detail(id), 'onBehalfOf', onBehalfOf] as const) : processKeys.detail(id),
  /** The process as it was after event `seq` (never changes for a seq; under the process's key). */
  at: (id: string, seq: number) => [...processKeys.detail(id), 'at', seq] as const,
  history: (id: string, version: number, page: number) =>
    [...processKeys.detail(id), 'history', version, page] as const,
  step: (id: string, step: string, version: number) =>
    [...processKeys.detail(id), 'step', step, version] as const,
}

/** Every process type with its steps and graph; the machines change only with a release. */
export const definitionsQuery = () =>
  queryOptions({
    queryKey: processKeys.definitions(),
    queryFn: ({ signal }) =>
      api.get('process/definitions', { schema: z.array(processDefinitionView), signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** How many live processes of each type sit in each state (the analysts' diagrams), every type in one answer. */
export const allStatsQuery = () =>
  queryOptions({
    queryKey: processKeys.allStats(),
    queryFn: ({ signal }) =>
      api.get('process/definitions/stats', { schema: z.array(processStatsView), signal }),
    staleTime: 15_000,
  })

export const processPage = z.object({
  list: z.array(processView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})

export const processListQuery = (filters: ProcessListFilters) =>
  queryOptions({
    queryKey: processKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get('process', { searchParams: { pageSize: 20, ...filters }, schema: processPage, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  })

/** One process; with `onBehalfOf`, as the delegate acting for that user sees it (their buttons). */
export const processQuery = (id: string, onBehalfOf?: string) =>
  queryOptions({
    queryKey: processKeys.detailAs(id, onBehalfOf),
    queryFn: ({ signal }) =>
      api.get(`process/${id}`, { searchParams: { onBehalfOf }, schema: processView, signal }),
    staleTime: 0,
    // The view is worded from the machines' bilingual labels in the browser, but names come from the server.
    meta: { localized: true },
  })

/** The process as it was after history event `seq`, rebuilt by the server from the history (read-only). */
export const processAtQuery = (id: string, seq: number) =>
  queryOptions({
    queryKey: processKeys.at(id, seq),
    queryFn: ({ signal }) => api.get(`process/${id}/at/${seq}`, { schema: processReplay, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    meta: { localized: true },
  })

/**
 * A page of a process's whole history, newest first. Keyed by the process's version: an event makes a new
 * page set, and a page of a given version never changes.
 */
export const processHistoryQuery = (id: string, version: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: processKeys.history(id, version, page),
    queryFn: ({ signal }) =>
      api.get(`process/${id}/history`, {
        searchParams: { page, pageSize },
        schema: processPage.extend({ list: z.array(processHistoryItem) }),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { localized: true },
  })

export const startProcess = (body: ProcessCreateInput) =>
  api.post('process', { json: body, schema: processView })

export const sendProcessEvent = (id: string, body: ProcessEventInput) =>
  api.post(`process/${id}/events`, { json: body, schema: processView })

/** One step's whole record (every event, payment failure and approval) at a version of the process. */
export const processStepQuery = (id: string, step: string, version: number) =>
  queryOptions({
    queryKey: processKeys.step(id, step, version),
    queryFn: ({ signal }) => api.get(`process/${id}/steps/${step}`, { schema: processStepRecord, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** POST /api/process/bulk: a dry run (what would happen to each) or the run itself (under its key). */
export function runProcessBulk(body: ProcessBulkInput) {
  return api.post('process/bulk', { json: body, schema: processBulkResult })
}

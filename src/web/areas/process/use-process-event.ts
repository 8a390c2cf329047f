// Sending an event to a process: on the version the screen shows, with an idempotency key made from what is
// sent (a double click, or a retry after a lost reply, is one transition), one at a time per screen (the
// buttons are disabled while it runs). The new view replaces the old one; a stale version (409: "Operation
// failed, other ongoing process at the moment", toasted by the one error handler) reloads the view.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { ProcessView } from '../../../shared/contracts/process'
import { ApiError, isApiError } from '../../api/api-error'
import { processKeys, sendProcessEvent } from '../../api/queries/process'
import { invalidateTasks } from '../../api/queries/tasks'

export interface EventRequest {
  type: string
  payload?: Record<string, unknown>
  comment?: string
}

/** FNV-1a over a string, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/**
 * The same request on the same version gets the same key (so the server answers a repeat with the first
 * result); a different payload or comment gets another.
 */
export function idempotencyKeyOf(view: Pick<ProcessView, 'id' | 'version'>, request: EventRequest): string {
  const body = JSON.stringify([request.type, request.payload ?? null, request.comment ?? ''])
  return `${view.id}:${view.version}:${request.type}:${fnv1a(body)}`
}

/** Field errors of a refused event point at `payload.<field>`; the form's fields are named without it. */
export function withoutPayloadPrefix(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors) return error
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([k, v]) => [k.replace(/^payload\./, ''), v]),
  )
  return new ApiError(
    error.kind,
    error.code,
    error.message,
    { ...(error.data as object), fieldErrors },
    error.status,
  )
}

/** `onBehalfOf`: a delegate acts for that user (the history row records both). */
export function useProcessEvent(view: ProcessView, onBehalfOf?: string) {
  const queryClient = useQueryClient()
  const busy = useRef(false)
  const mutation = useMutation({
    mutationFn: (request: EventRequest) =>
      sendProcessEvent(view.id, {
        type: request.type,
        expectedVersion: view.version,
        ...(request.payload ? { payload: request.payload } : {}),
        ...(request.comment ? { comment: request.comment } : {}),
        ...(onBehalfOf ? { onBehalfOf } : {}),
        idempotencyKey: idempotencyKeyOf(view, request),
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(processKeys.detailAs(view.id, onBehalfOf), next)
      // The other ways of seeing it (as oneself, as a delegate) are read again when shown.
      void queryClient.invalidateQueries({
        queryKey: processKeys.detail(view.id),
        predicate: (q) =>
          JSON.stringify(q.queryKey) !== JSON.stringify(processKeys.detailAs(view.id, onBehalfOf)),
      })
      void queryClient.invalidateQueries({ queryKey: processKeys.lists() })
      invalidateTasks(queryClient, view.id)
      void queryClient.invalidateQueries({ queryKey: [...processKeys.all, 'stats'] })
    },
    onError: (error) => {
      if (isApiError(error) && error.kind === 'api' && (error.code === 409 || error.code === 404))
        void queryClient.invalidateQueries({ queryKey: processKeys.detailAs(view.id, onBehalfOf) })
    },
  })

  /** Resolves to the new view, or undefined when another event is still on its way. Rejects on refusal. */
  async function send(request: EventRequest): Promise<ProcessView | undefined> {
    if (busy.current) return undefined
    busy.current = true
    try {
      return await mutation.mutateAsync(request)
    } catch (error) {
      throw withoutPayloadPrefix(error)
    } finally {
      busy.current = false
    }
  }

  return {
    send,
    /** The user this screen acts for (a delegate's view), if any. */
    onBehalfOf,
    pending: mutation.isPending,
    pendingType: mutation.isPending ? mutation.variables?.type : undefined,
  }
}

// The edit lock of an artwork open in the form (docs/architecture.md § Errors and behaviours "Envelop edit privilege locked, a moment later"):
// taken when the form opens, renewed while it stays open, given up when the person leaves without saving
// (a save ends it on the server). Someone else holding it is reported with their name and until when, so
// the form can say so and stay read-only.
import { useCallback, useEffect, useRef, useState } from 'react'
import { EDIT_LOCK_MINUTES } from '../../../../shared/artwork-rules'
import type { LockView } from '../../../../shared/contracts/artworks'
import { isApiError } from '../../../api/api-error'
import { requestHeaders } from '../../../api/client'
import { clientContext } from '../../../api/http'
import { releaseEditLock, takeEditLock } from '../../../api/queries/artworks'

export type EditLockState =
  | { status: 'none' }
  | { status: 'taking' }
  | { status: 'held'; lock: LockView }
  | { status: 'locked'; message: string; holder: string | null; expiresAt: string | null }
  | { status: 'failed'; message: string }

/** Renew a minute or two before the lock would lapse. */
export const RENEW_EVERY_MS = Math.max(1, EDIT_LOCK_MINUTES - 2) * 60_000

export interface EditLockDeps {
  take: (id: string) => Promise<LockView>
  release: (id: string) => Promise<unknown>
  /** Release on page unload (a request that outlives the page). */
  releaseOnUnload: (id: string) => void
}

const defaultDeps: EditLockDeps = {
  take: takeEditLock,
  release: releaseEditLock,
  releaseOnUnload: (id) => {
    void fetch(`/api/artworks/${id}/lock`, {
      method: 'DELETE',
      keepalive: true,
      headers: requestHeaders(clientContext),
    }).catch(() => undefined)
  },
}

export function useEditLock(id: string | null, deps: EditLockDeps = defaultDeps) {
  const [state, setState] = useState<EditLockState>({ status: id ? 'taking' : 'none' })
  const held = useRef(false)
  const saved = useRef(false)
  /** False once the form is gone: a lock granted after that is given straight back. */
  const mounted = useRef(false)
  const depsRef = useRef(deps)
  depsRef.current = deps

  const take = useCallback(async () => {
    if (!id) return
    try {
      const lock = await depsRef.current.take(id)
      if (!mounted.current) {
        if (!saved.current) void depsRef.current.release(id).catch(() => undefined)
        return
      }
      held.current = true
      setState({ status: 'held', lock })
    } catch (error) {
      if (!mounted.current) return
      held.current = false
      if (isApiError(error) && error.kind === 'api' && error.code === 423) {
        const data = (error.data ?? {}) as { lockedBy?: string; expiresAt?: string }
        setState({
          status: 'locked',
          message: error.message,
          holder: data.lockedBy ?? null,
          expiresAt: data.expiresAt ?? null,
        })
      } else {
        setState({ status: 'failed', message: isApiError(error) ? error.message : String(error) })
      }
    }
  }, [id])

  useEffect(() => {
    if (!id) return
    mounted.current = true
    saved.current = false
    setState({ status: 'taking' })
    void take()
    const renew = setInterval(() => {
      if (held.current) void take()
    }, RENEW_EVERY_MS)
    const onUnload = () => {
      if (held.current && !saved.current) depsRef.current.releaseOnUnload(id)
    }
    window.addEventListener('pagehide', onUnload)
    return () => {
      mounted.current = false
      clearInterval(renew)
      window.removeEventListener('pagehide', onUnload)
      if (held.current && !saved.current) void depsRef.current.release(id).catch(() => undefined)
      held.current = false
    }
  }, [id, take])

  return {
    state,
    retry: take,
    /** After a successful save: the server has ended the lock, nothing to give up. */
    markSaved: () => {
      saved.current = true
      held.current = false
    },
  }
}

// The one place above the client (docs/architecture.md § Errors and behaviours): 403 clears the session and goes to /login with the way back
// (unless already there); other non-zero codes become one toast, once; network errors reach the caller.
// Wired into TanStack Query, a failing query toasts once, after its retries, and a 4xx is never retried.
import type { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../src/web/api/api-error'
import { createApiErrorHandler, TOAST_DEDUPE_MS } from '../../../src/web/api/api-error-handler'
import { createQueryClient, shouldRetry } from '../../../src/web/api/query-client'

function setup(pathname = '/artworkArchive/index', search = '?page=2') {
  let now = 1_000
  const deps = {
    clearSession: vi.fn(),
    currentLocation: vi.fn(() => ({ pathname, pathWithQuery: pathname + search })),
    goToLogin: vi.fn(),
    showError: vi.fn(),
    now: () => now,
  }
  return { deps, handle: createApiErrorHandler(deps), advance: (ms: number) => (now += ms) }
}

const api = (code: number, msg = `code ${code}`) =>
  new ApiError('api', code, msg, null, code === 4031 ? 403 : code)

describe('the API error handler', () => {
  it('on 403 clears the session and goes to /login carrying path and query', () => {
    const { deps, handle } = setup()
    handle(api(403))
    expect(deps.clearSession).toHaveBeenCalledTimes(1)
    expect(deps.goToLogin).toHaveBeenCalledWith('/artworkArchive/index?page=2')
    expect(deps.showError).not.toHaveBeenCalled()
  })

  it('on 403 while on /login clears the session but stays', () => {
    const { deps, handle } = setup('/login', '?redirect=%2F')
    handle(api(403))
    expect(deps.clearSession).toHaveBeenCalledTimes(1)
    expect(deps.goToLogin).not.toHaveBeenCalled()
  })

  it('handles 403 even for calls that show their own errors', () => {
    const { deps, handle } = setup()
    handle(api(403), { silent: true })
    expect(deps.goToLogin).toHaveBeenCalledTimes(1)
  })

  it('shows any other non-zero code as one toast with the server’s msg', () => {
    const { deps, handle } = setup()
    handle(api(4031, '您的系统权限不足，无法使用该功能'))
    expect(deps.showError).toHaveBeenCalledWith('您的系统权限不足，无法使用该功能')
    expect(deps.clearSession).not.toHaveBeenCalled()
  })

  it('shows the same message once while several calls fail alike, and again later', () => {
    const { deps, handle, advance } = setup()
    handle(api(409, 'busy'))
    handle(api(409, 'busy'))
    handle(api(423, 'locked'))
    expect(deps.showError.mock.calls).toEqual([['busy'], ['locked']])
    advance(TOAST_DEDUPE_MS + 1)
    handle(api(409, 'busy'))
    expect(deps.showError).toHaveBeenCalledTimes(3)
  })

  it('leaves network errors and timeouts to the caller, and silent calls untoasted', () => {
    const { deps, handle } = setup()
    handle(new ApiError('network', 0, 'Failed to fetch'))
    handle(new ApiError('timeout', 0, 'timeout'))
    handle(new ApiError('aborted', 0, 'aborted'))
    handle(api(400, 'wrong'), { silent: true })
    handle(new Error('not an API error'))
    expect(deps.showError).not.toHaveBeenCalled()
  })
})

describe('retries', () => {
  it('never retry an answer the server gave deliberately (4xx codes)', () => {
    for (const code of [400, 403, 4031, 404, 409, 413, 415, 423, 429])
      expect(shouldRetry(0, api(code))).toBe(false)
  })
  it('retry network errors and server failures, twice', () => {
    expect(shouldRetry(0, new ApiError('network', 0, 'x'))).toBe(true)
    expect(shouldRetry(1, api(500))).toBe(true)
    expect(shouldRetry(2, api(500))).toBe(false)
  })
})

describe('wired into the query client', () => {
  function client() {
    const onError = vi.fn()
    const queryClient: QueryClient = createQueryClient(onError)
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
    })
    return { queryClient, onError }
  }

  it('reports a 409 once, without retrying', async () => {
    const { queryClient, onError } = client()
    const queryFn = vi.fn(async () => {
      throw api(409)
    })
    await expect(queryClient.fetchQuery({ queryKey: ['a'], queryFn })).rejects.toThrow()
    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('reports a failing server once, after the retries', async () => {
    const { queryClient, onError } = client()
    const queryFn = vi.fn(async () => {
      throw api(500)
    })
    await expect(queryClient.fetchQuery({ queryKey: ['b'], queryFn, retry: shouldRetry })).rejects.toThrow()
    expect(queryFn).toHaveBeenCalledTimes(3)
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('passes the call’s meta along (silent calls)', async () => {
    const { queryClient, onError } = client()
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: async () => {
          throw api(400)
        },
        meta: { silent: true },
      })
      .execute(undefined)
      .catch(() => {})
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), { silent: true })
  })
})

// The HTTP client (docs/api.md): headers, query string without empty parameters, JSON
// bodies, the envelope unwrapped into a value or a typed ApiError, the 300 000 ms timeout, no retries.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError } from '../../../src/web/api/api-error'
import {
  type ClientContext,
  createApiClient,
  REQUEST_TIMEOUT_MS,
  systemNameOf,
  toSearchParams,
} from '../../../src/web/api/client'

interface Seen {
  method: string
  url: URL
  headers: Headers
  body: string
}

function client(reply: (seen: Seen) => Response | Promise<Response>, overrides: Partial<ClientContext> = {}) {
  const seen: Seen[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    const entry = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    }
    seen.push(entry)
    return reply(entry)
  })
  const api = createApiClient({
    getToken: () => 'token-1',
    getLanguage: () => 'en',
    getSystemName: () => 'artworkArchive',
    fetch: fetch as typeof globalThis.fetch,
    baseUrl: 'http://vitrine.test/',
    ...overrides,
  })
  return { api, seen, fetch }
}

const envelope = (code: number, msg: string, data: unknown, status = 200) =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  })

afterEach(() => vi.useRealTimers())

describe('requests', () => {
  it('go to /api with the token, system name and language headers', async () => {
    const { api, seen } = client(() => envelope(0, 'ok', { id: 1 }))
    await api.get('/auth/me')
    expect(seen[0].url.pathname).toBe('/api/auth/me')
    expect(seen[0].headers.get('x-auth-token')).toBe('token-1')
    expect(seen[0].headers.get('x-system-name')).toBe('artworkArchive')
    expect(seen[0].headers.get('accept-language')).toBe('en')
  })

  it('send no token header when signed out, and `home` as the system of shell calls', async () => {
    const { api, seen } = client(() => envelope(0, 'ok', null), { getToken: () => null })
    await api.get('auth/me', { shell: true })
    expect(seen[0].headers.has('x-auth-token')).toBe(false)
    expect(seen[0].headers.get('x-system-name')).toBe('home')
  })

  it('put GET parameters in the query string, skipping empty ones', async () => {
    const { api, seen } = client(() => envelope(0, 'ok', []))
    await api.get('data_dictionary/get_data_dictionary', {
      searchParams: {
        dictCode: 'CURRENCY',
        empty: '',
        blank: '  ',
        none: null,
        missing: undefined,
        page: 2,
        ids: ['a', '', 'b'],
      },
    })
    expect([...seen[0].url.searchParams.entries()]).toEqual([
      ['dictCode', 'CURRENCY'],
      ['page', '2'],
      ['ids', 'a'],
      ['ids', 'b'],
    ])
  })

  it('send bodies as JSON', async () => {
    const { api, seen } = client(() => envelope(0, 'ok', null))
    await api.post('art/getAllUser', { json: { a: 1, name: '齐白石' } })
    expect(seen[0].method).toBe('POST')
    expect(seen[0].headers.get('content-type')).toContain('application/json')
    expect(JSON.parse(seen[0].body)).toEqual({ a: 1, name: '齐白石' })
  })
})

describe('replies', () => {
  it('give data when the code is 0, parsed by the shared contract when one is given', async () => {
    const { api } = client(() => envelope(0, 'ok', { total: 3, extra: true }))
    await expect(api.get('x', { schema: z.object({ total: z.number() }) })).resolves.toEqual({ total: 3 })
  })

  it('reject with an ApiError carrying code, msg and data otherwise', async () => {
    const { api } = client(() =>
      envelope(409, 'Operation failed, other ongoing process at the moment', { id: 'p1' }, 409),
    )
    const error = (await api.post('process/p1/events').catch((e) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'api', code: 409, status: 409, data: { id: 'p1' } })
    expect(error.message).toBe('Operation failed, other ongoing process at the moment')
    expect(error.isClientError).toBe(true)
  })

  it('expose field errors of a 400 and recognise a 403 as the end of the session', async () => {
    const { api } = client((s) =>
      s.url.pathname.endsWith('/bad')
        ? envelope(400, 'Invalid input', { fieldErrors: { name: 'Required' } }, 400)
        : envelope(403, 'Not signed in', null, 403),
    )
    const bad = (await api.post('bad').catch((e) => e)) as ApiError
    expect(bad.fieldErrors).toEqual({ name: 'Required' })
    const gone = (await api.get('gone').catch((e) => e)) as ApiError
    expect(gone.isSessionExpired).toBe(true)
    expect(new ApiError('api', 4031, 'no').isSessionExpired).toBe(false)
  })

  it('treat a reply without the envelope as an HTTP error', async () => {
    const { api } = client(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = (await api.get('x').catch((e) => e)) as ApiError
    expect(error).toMatchObject({ kind: 'http', status: 502 })
    expect(error.isClientError).toBe(false)
  })

  it('report a reply that breaks the contract', async () => {
    const { api } = client(() => envelope(0, 'ok', { total: 'three' }))
    const error = (await api
      .get('x', { schema: z.object({ total: z.number() }) })
      .catch((e) => e)) as ApiError
    expect(error.kind).toBe('contract')
  })

  it('pass network errors back to the caller, without retrying', async () => {
    const { api, fetch } = client(() => {
      throw new TypeError('Failed to fetch')
    })
    const error = (await api.get('x').catch((e) => e)) as ApiError
    expect(error.kind).toBe('network')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('give up after 300 000 ms', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000)
    vi.useFakeTimers()
    const { api } = client(
      () =>
        new Promise<Response>(() => {
          /* never answers */
        }),
    )
    const pending = api.get('slow').catch((e) => e)
    await vi.advanceTimersByTimeAsync(299_000)
    let settled = false
    void pending.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1_100)
    const error = (await pending) as ApiError
    expect(error.kind).toBe('timeout')
  })
})

describe('helpers', () => {
  it('name the system by the first route segment, home on the home page', () => {
    expect(systemNameOf('/devOpsManage/transport')).toBe('devOpsManage')
    expect(systemNameOf('/art-data-center')).toBe('art-data-center')
    expect(systemNameOf('/')).toBe('home')
    expect(systemNameOf('/index')).toBe('home')
    expect(systemNameOf('/storageRoom/InventoryInformation')).toBe('storageRoom')
  })
  it('build query strings without empty values', () => {
    expect(toSearchParams({ a: 0, b: false, c: '' }).toString()).toBe('a=0&b=false')
  })
})

// A security probe's requests on answers (docs/security.md § Headers): security headers on the API and on the
// web app's own files, the batch zip through a POST of 500 ids and the envelope on an over-long URL.
import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerClientErrors } from '../../src/server/http/client-errors'
import { APP_CSP } from '../../src/server/http/security-headers'
import { ASSET_CACHE, PAGE_CACHE, serveWeb } from '../../src/server/http/web'
import { BATCH_MAX_FILES } from '../../src/shared/contracts/files'
import { pdf } from '../fixtures/file-samples'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let registrar: string
let webDir: string
beforeAll(async () => {
  t = await createTestContext()
  // The web build as main.ts serves it (serveWeb): static files, then index.html for every other path.
  webDir = path.join(t.dataDir, 'web')
  await mkdir(path.join(webDir, 'assets'), { recursive: true })
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  )
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)')
  serveWeb(t.app, webDir)
  registrar = await t.login('registrar') // after the routes: Hono builds its router on the first request
})
afterAll(() => t?.close())

/** Upload a real PDF (bytes in the storage) and return its id. */
async function makePdf(): Promise<string> {
  const form = new FormData()
  form.append('purpose', 'pdf')
  form.append('file', new Blob([new Uint8Array(pdf())]), 'report.pdf')
  const res = await t.call('POST', '/api/file/upload', { token: registrar, body: form })
  if (res.code !== 0) throw new Error(`upload: ${res.msg}`)
  return res.data.id as string
}

function cspOf(res: Response): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of (res.headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) out.set(name, values.join(' '))
  }
  return out
}

describe('security headers', () => {
  it('on API answers: a policy that runs nothing, never framed, nosniff, no referrer, no-store', async () => {
    for (const [pathName, token] of [
      ['/api/auth/me', registrar],
      ['/api/auth/me', undefined], // a refusal too
      ['/api/no/such/route', undefined],
    ] as const) {
      const res = await t.app.request(pathName, { headers: token ? { 'x-auth-token': token } : {} })
      const csp = cspOf(res)
      expect(csp.get('default-src'), pathName).toBe("'none'")
      expect(csp.get('frame-ancestors')).toBe("'none'")
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('on the served index.html and static files: a strict policy without inline script', async () => {
    for (const pathName of ['/index.html', '/artworkArchive/home', '/assets/app.js']) {
      const res = await t.app.request(pathName)
      expect(res.status, pathName).toBe(200)
      const csp = cspOf(res)
      expect(csp.get('script-src'), pathName).toBe("'self'")
      expect(csp.get('script-src')).not.toContain('unsafe-inline')
      expect(csp.get('script-src')).not.toContain('unsafe-eval')
      expect(csp.get('frame-ancestors')).toBe("'none'")
      expect(csp.get('object-src')).toBe("'none'")
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    }
  })

  it('built files are kept a year, index.html is asked for each time, a missing built file is a 404', async () => {
    const asset = await t.app.request('/assets/app.js')
    expect(asset.status).toBe(200)
    expect(await asset.text()).toBe('console.log(1)')
    expect(asset.headers.get('cache-control')).toBe(ASSET_CACHE)
    for (const pathName of ['/', '/index.html', '/artworkArchive/home', '/devOpsManage/index?process=x']) {
      const page = await t.app.request(pathName)
      expect(page.status, pathName).toBe(200)
      expect(await page.text(), pathName).toContain('/assets/app.js')
      expect(page.headers.get('cache-control'), pathName).toBe(PAGE_CACHE)
    }
    // After a release, an open tab asking for a chunk of the old build: not found, not the page, not kept.
    const gone = await t.app.request('/assets/index-0ld0ld.js')
    expect(gone.status).toBe(404)
    expect(await gone.text()).toBe('')
    expect(gone.headers.get('content-type') ?? '').not.toContain('text/html')
    expect(gone.headers.get('cache-control')).toBe('no-store')
  })

  it('the app needs no inline script: index.html only loads module files', async () => {
    const { readFile } = await import('node:fs/promises')
    const html = await readFile(path.join(process.cwd(), 'index.html'), 'utf8')
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/)
      expect(body.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+=/i) // no inline event handlers
    expect(APP_CSP).toContain("frame-ancestors 'none'")
  })

  it('stored files keep their own caching and may be framed by the app only (the PDF preview)', async () => {
    const id = await makePdf()
    const res = await t.app.request(`/api/file/downloadFile/${id}?disposition=inline`, {
      headers: { 'x-auth-token': registrar },
    })
    expect(res.status).toBe(200)
    const csp = cspOf(res)
    expect(csp.get('default-src')).toBe("'none'")
    expect(csp.get('frame-ancestors')).toBe("'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=/)
  })
})

describe('the batch zip', () => {
  it('takes 500 ids in a POST body (the probe failed at about 440 in the URL)', async () => {
    const id = await makePdf()
    const ids = Array.from({ length: BATCH_MAX_FILES }, () => id)
    const res = await t.app.request('/api/file/batchDownloadFile', {
      method: 'POST',
      headers: { 'x-auth-token': registrar, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.subarray(0, 4).toString('hex')).toBe('504b0304') // a zip, holding the one file once
    const tooMany = await t.call('POST', '/api/file/batchDownloadFile', {
      token: registrar,
      body: { ids: [...ids, id] },
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.data.fieldErrors).toHaveProperty('ids')
    const ghost = crypto.randomUUID()
    const missing = await t.call('POST', '/api/file/batchDownloadFile', {
      token: registrar,
      body: { ids: [ghost] },
    })
    expect(missing).toMatchObject({ status: 404, code: 404, data: { ids: [ghost] } })
    const anonymous = await t.call('POST', '/api/file/batchDownloadFile', { body: { ids: [id] } })
    expect(anonymous.code).toBe(403)
  })

  it('answers an over-long URL with the envelope, not a bare 431', async () => {
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 })
    answerClientErrors(server)
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const ids = Array.from({ length: BATCH_MAX_FILES }, () => crypto.randomUUID()).join(',')
      const res = await fetch(`http://127.0.0.1:${port}/api/file/batchDownloadFile?ids=${ids}`, {
        headers: { 'x-auth-token': registrar },
      })
      expect(res.status).toBe(431)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(await res.json()).toEqual({
        code: 413,
        msg: '请求地址或请求头过长；批量参数请放在 POST 请求体中',
        data: null,
      })
      // Up to what a URL holds, the GET still works through the same server.
      const few = await fetch(
        `http://127.0.0.1:${port}/api/file/batchDownloadFile?ids=${crypto.randomUUID()}`,
        {
          headers: { 'x-auth-token': registrar, 'accept-language': 'en' },
        },
      )
      expect(few.status).toBe(404)
      expect((await few.json()).code).toBe(404)
    } finally {
      server.close()
    }
  })
})

// Calls to the app's API from an e2e file's own code, to set up or check what the browser shows: a user's
// token, and a call that returns the envelope's data (in English, as the back office's system) or throws
// an error naming the call. Shared by the warehouse and stocktake files; process-driver.ts's apiCall is
// the same call made from a signed-in page.
import { passwordOf } from './harness'

export async function apiWithToken<T>(
  baseUrl: string,
  token: string,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${apiPath}`, {
    method,
    headers: {
      ...(token ? { 'x-auth-token': token } : {}),
      'accept-language': 'en',
      'x-system-name': 'devOpsManage',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await res.json()) as { code: number; msg: string; data: T }
  if (envelope.code !== 0) throw new Error(`${method} ${apiPath}: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/** A session token of a demo user (or the administrator) with the harness's passwords. */
export async function apiToken(baseUrl: string, username: string): Promise<string> {
  const body = { username, password: passwordOf(username) }
  return (await apiWithToken<{ token: string }>(baseUrl, '', 'POST', 'auth/login', body)).token
}

/** Upload a file through the file API as a user; resolves to its id. */
export async function apiUpload(
  baseUrl: string,
  token: string,
  file: { bytes: Buffer; name: string; mime: string; purpose: string },
): Promise<string> {
  const body = new FormData()
  body.append('purpose', file.purpose)
  body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.mime }), file.name)
  const res = await fetch(`${baseUrl}/api/file/upload`, {
    method: 'POST',
    headers: { 'x-auth-token': token, 'accept-language': 'en', 'x-system-name': 'devOpsManage' },
    body,
  })
  const envelope = (await res.json()) as { code: number; msg: string; data: { id: string } }
  if (envelope.code !== 0) throw new Error(`upload ${file.name}: ${envelope.code} ${envelope.msg}`)
  return envelope.data.id
}

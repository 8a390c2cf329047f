// Files the archive hands to the browser to save: the Excel template and export, and the batch zip of
// media (docs/architecture.md § Reference-data calls: batchDownloadFile with the x-auth-token header, "a blob saved as a zip named by the
// caller"). These replies are bytes, not the envelope, so they bypass the JSON client; a refusal still
// comes back as the envelope and becomes the same ApiError (toasted by the caller's error handler). The
// request with its timeout and the refusal's error are shared with the label sheet (labels/download-labels.ts).
import { BATCH_MAX_FILES, FILE_API } from '../../../shared/contracts/files'
import { ApiError } from '../../api/api-error'
import {
  type QueryParams,
  REQUEST_TIMEOUT_MS,
  requestHeaders,
  toSearchParams,
  unwrapEnvelope,
} from '../../api/client'
import { clientContext } from '../../api/http'

/** `filename*=UTF-8''…` first (names in Chinese), then the plain `filename="…"`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)
  if (star) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header)
  return plain ? plain[1].trim() : null
}

/**
 * Send a request with the request timeout (REQUEST_TIMEOUT_MS, running until `settle()`, so that it also
 * bounds a body read as it streams); a network failure or the timeout becomes its ApiError.
 */
export async function sendRequest(
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch = fetch,
): Promise<{ response: Response; settle: () => void }> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal })
    return { response, settle: () => clearTimeout(timer) }
  } catch (error) {
    clearTimeout(timer)
    if (controller.signal.aborted) throw new ApiError('timeout', 0, 'The request timed out')
    throw new ApiError('network', 0, (error as Error)?.message || 'Network error')
  }
}

/** A reply that is a refusal rather than bytes: its envelope's ApiError (or the HTTP status's). */
export async function throwRefusal(response: Response): Promise<never> {
  let body: unknown = null
  try {
    body = await response.json()
  } catch {
    body = null
  }
  unwrapEnvelope(response.status, body)
  throw new ApiError('http', response.status, `HTTP ${response.status}`, null, response.status)
}

/**
 * GET bytes from the API with the usual headers (or POST them a JSON body: `json`); an envelope reply is
 * turned into its ApiError.
 */
export async function fetchBlob(
  path: string,
  params?: QueryParams,
  fetchImpl: typeof fetch = fetch,
  json?: unknown,
): Promise<{ blob: Blob; fileName: string | null }> {
  const query = toSearchParams(params).toString()
  const url = `/api/${path.replace(/^\/?(api\/)?/, '')}${query ? `?${query}` : ''}`
  const headers = requestHeaders(clientContext)
  const { response, settle } = await sendRequest(
    url,
    json === undefined
      ? { headers }
      : {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(json),
        },
    fetchImpl,
  )
  settle()
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || type.includes('application/json')) await throwRefusal(response)
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  }
}

/** Hand a blob to the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

export async function downloadFromApi(
  path: string,
  params: QueryParams | undefined,
  fallbackName: string,
): Promise<void> {
  const { blob, fileName } = await fetchBlob(path, params)
  saveBlob(blob, fileName ?? fallbackName)
}

/** Several stored files as one zip (at most BATCH_MAX_FILES), saved under the caller's name. */
export async function downloadZip(fileIds: readonly string[], zipName: string): Promise<void> {
  const ids = [...new Set(fileIds)].slice(0, BATCH_MAX_FILES)
  // The ids travel in a POST body: 500 of them do not fit in a URL.
  const { blob } = await fetchBlob(FILE_API.batchDownload, undefined, fetch, { ids })
  saveBlob(blob, zipName.endsWith('.zip') ? zipName : `${zipName}.zip`)
}

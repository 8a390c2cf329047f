// The label sheet's download: the PDF of a room's or a selection's labels (/api/labels/artworks.pdf), read
// as it streams so the button can say how far it has got (the server draws a page at a time; a room of
// thousands takes a while). A refusal comes back as the envelope and becomes the same ApiError the JSON
// client throws (toasted by the error handler above it).
import { LABELS_API } from '../../../shared/contracts/labels'
import { ApiError } from '../../api/api-error'
import { REQUEST_TIMEOUT_MS, requestHeaders, unwrapEnvelope } from '../../api/client'
import { clientContext } from '../../api/http'
import { fileNameFromDisposition, saveBlob } from '../archive/download'

export interface LabelSelection {
  roomId?: string
  artworkIds?: readonly string[]
}

export interface LabelProgress {
  /** Labels on the sheet, known once the server has accepted the request. */
  labels: number | null
  bytes: number
}

/** Ids beyond this go in a POST body (a URL of 36-character ids stays well under common limits). */
const IDS_IN_URL = 50

export async function fetchLabels(
  selection: LabelSelection,
  onProgress: (progress: LabelProgress) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; fileName: string | null; labels: number | null }> {
  const ids = selection.artworkIds ?? []
  const headers = requestHeaders(clientContext)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  let init: RequestInit = { headers, signal: controller.signal }
  let url = LABELS_API.pdf
  if (selection.roomId) url += `?roomId=${encodeURIComponent(selection.roomId)}`
  else if (ids.length <= IDS_IN_URL) url += `?ids=${ids.map(encodeURIComponent).join(',')}`
  else
    init = {
      ...init,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    }
  try {
    let response: Response
    try {
      response = await fetchImpl(url, init)
    } catch (error) {
      if (controller.signal.aborted) throw new ApiError('timeout', 0, 'The request timed out')
      throw new ApiError('network', 0, (error as Error)?.message || 'Network error')
    }
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || type.includes('application/json') || !response.body) {
      let body: unknown = null
      try {
        body = await response.json()
      } catch {
        body = null
      }
      unwrapEnvelope(response.status, body)
      throw new ApiError('http', response.status, `HTTP ${response.status}`, null, response.status)
    }
    const count = Number(response.headers.get('x-label-count'))
    const labels = Number.isFinite(count) && count > 0 ? count : null
    const parts: Uint8Array[] = []
    let bytes = 0
    onProgress({ labels, bytes })
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      bytes += value.byteLength
      onProgress({ labels, bytes })
    }
    return {
      blob: new Blob(parts as BlobPart[], { type: 'application/pdf' }),
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
      labels,
    }
  } finally {
    clearTimeout(timer)
  }
}

export async function downloadLabels(
  selection: LabelSelection,
  fallbackName: string,
  onProgress: (progress: LabelProgress) => void,
): Promise<void> {
  const { blob, fileName } = await fetchLabels(selection, onProgress)
  saveBlob(blob, fileName ?? fallbackName)
}

// The label sheet's download: the PDF of a room's or a selection's labels (/api/labels/artworks.pdf), read
// as it streams so the button can say how far it has got (the server draws a page at a time; a room of
// thousands takes a while). A refusal comes back as the envelope and becomes the same ApiError the JSON
// client throws (toasted by the error handler above it); the request and the refusal are archive/download.ts's.
import { LABELS_API } from '../../../shared/contracts/labels'
import { requestHeaders } from '../../api/client'
import { clientContext } from '../../api/http'
import { fileNameFromDisposition, saveBlob, sendRequest, throwRefusal } from '../archive/download'

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
  let init: RequestInit = { headers }
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
  // The timeout runs until the whole sheet has arrived.
  const { response, settle } = await sendRequest(url, init, fetchImpl)
  try {
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || type.includes('application/json') || !response.body) await throwRefusal(response)
    const body = response.body as ReadableStream<Uint8Array>
    const count = Number(response.headers.get('x-label-count'))
    const labels = Number.isFinite(count) && count > 0 ? count : null
    const parts: Uint8Array[] = []
    let bytes = 0
    onProgress({ labels, bytes })
    const reader = body.getReader()
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
    settle()
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

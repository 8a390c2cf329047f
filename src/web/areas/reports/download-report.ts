// A printed report's download (/api/reports/...): the PDF read as it streams, so the button can say how much
// has arrived (a schedule of a thousand artworks runs to dozens of pages), then saved under the server's file
// name. A refusal comes back as the envelope and becomes the same ApiError the JSON client throws (toasted by
// the caller's handler); the request, its timeout and the refusal are archive/download.ts's.
import { requestHeaders } from '../../api/client'
import { clientContext } from '../../api/http'
import { fileNameFromDisposition, saveBlob, sendRequest, throwRefusal } from '../archive/download'

export async function fetchReport(
  url: string,
  onProgress: (bytes: number) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<{ blob: Blob; fileName: string | null }> {
  // The timeout runs until the whole document has arrived.
  const { response, settle } = await sendRequest(url, { headers: requestHeaders(clientContext) }, fetchImpl)
  try {
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || type.includes('application/json') || !response.body) await throwRefusal(response)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const parts: Uint8Array[] = []
    let bytes = 0
    onProgress(bytes)
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      bytes += value.byteLength
      onProgress(bytes)
    }
    return {
      blob: new Blob(parts as BlobPart[], { type: 'application/pdf' }),
      fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
    }
  } finally {
    settle()
  }
}

export async function downloadReport(
  url: string,
  fallbackName: string,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const { blob, fileName } = await fetchReport(url, onProgress)
  saveBlob(blob, fileName ?? fallbackName)
}

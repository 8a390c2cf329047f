// File upload with progress (XMLHttpRequest: fetch cannot report upload progress). Same headers, timeout
// and envelope handling as the client; the multipart fields follow the files contract: text fields first
// (purpose, and width/height/cover for a video), then the file.
import type { z } from 'zod'
import { FILE_API, type UploadResponse, uploadResponse } from '../../shared/contracts/files'
import type { UploadPurpose } from '../../shared/file-types'
import { ApiError } from './api-error'
import { type ClientContext, REQUEST_TIMEOUT_MS, requestHeaders, unwrapEnvelope } from './client'
import { clientContext } from './http'

export interface UploadFields {
  purpose: UploadPurpose
  /** A video's size in pixels and its frame at 1 s (base64 JPEG), measured in the browser. */
  width?: number
  height?: number
  cover?: string
}

export interface UploadProgress {
  loaded: number
  total: number
  /** 0–100, whole numbers. */
  percent: number
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
  context?: ClientContext
  /** For tests: how to make the request object. */
  createRequest?: () => XMLHttpRequest
}

export function uploadFormData(file: Blob, name: string, fields: UploadFields): FormData {
  const form = new FormData()
  form.append('purpose', fields.purpose)
  if (fields.width !== undefined) form.append('width', String(fields.width))
  if (fields.height !== undefined) form.append('height', String(fields.height))
  if (fields.cover !== undefined) form.append('cover', fields.cover)
  form.append('file', file, name)
  return form
}

export function uploadFile(
  file: File,
  fields: UploadFields,
  options: UploadOptions = {},
): Promise<UploadResponse> {
  return sendForm(FILE_API.upload, uploadFormData(file, file.name, fields), uploadResponse, options)
}

/** POST a multipart form with upload progress; the envelope's data checked against `schema`. */
export function sendForm<S extends z.ZodType>(
  url: string,
  form: FormData,
  schema: S,
  options: UploadOptions = {},
): Promise<z.infer<S>> {
  const ctx = options.context ?? clientContext
  return new Promise<z.infer<S>>((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.timeout = REQUEST_TIMEOUT_MS
    xhr.responseType = 'text'
    for (const [name, value] of Object.entries(requestHeaders(ctx))) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)),
      })
    }
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      try {
        resolve(unwrapEnvelope(xhr.status, body, schema) as z.infer<S>)
      } catch (error) {
        reject(error)
      }
    }
    xhr.onerror = () => reject(new ApiError('network', 0, 'Network error'))
    xhr.ontimeout = () => reject(new ApiError('timeout', 0, 'The request timed out'))
    xhr.onabort = () => reject(new ApiError('aborted', 0, 'The upload was cancelled'))
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError('aborted', 0, 'The upload was cancelled'))
        return
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    xhr.send(form)
  })
}

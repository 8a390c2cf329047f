// @vitest-environment happy-dom
// The upload helper: multipart with the text fields first and the file last, the same headers as every
// call, progress reported as it goes, the envelope unwrapped into the stored file or an ApiError.
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../src/web/api/api-error'
import { uploadFile, uploadFormData } from '../../../src/web/api/upload'

class FakeXhr {
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  timeout = 0
  responseType = ''
  status = 0
  responseText = ''
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

const context = {
  getToken: () => 'tok',
  getLanguage: () => 'zh-CN' as const,
  getSystemName: () => 'artworkArchive',
}
const stored = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'a.png',
  mime: 'image/png',
  kind: 'png',
  size: 4,
  sha256: 'x',
  purpose: 'image',
  width: null,
  height: null,
  coverFileId: null,
  hasThumbnail: true,
  uploadedBy: 'u',
  createdAt: '2026-01-01T00:00:00Z',
  cover: null,
}

describe('uploadFile', () => {
  it('posts multipart with the headers and reports progress', async () => {
    const xhr = new FakeXhr()
    const onProgress = vi.fn()
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'a.png', { type: 'image/png' })
    const pending = uploadFile(
      file,
      { purpose: 'image' },
      { onProgress, context, createRequest: () => xhr as never },
    )
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/file/upload')
    expect(xhr.timeout).toBe(300_000)
    expect(xhr.headers).toEqual({
      'x-auth-token': 'tok',
      'x-system-name': 'artworkArchive',
      'accept-language': 'zh-CN',
    })
    expect([...(xhr.body as FormData).keys()]).toEqual(['purpose', 'file'])
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 })
    expect(onProgress.mock.calls.map((c) => c[0].percent)).toEqual([25, 100])
    xhr.answer(200, { code: 0, msg: 'ok', data: stored })
    await expect(pending).resolves.toMatchObject({ id: stored.id, name: 'a.png' })
  })

  it('sends a video’s width, height and cover before the file', () => {
    const form = uploadFormData(new Blob(['v']), 'clip.mp4', {
      purpose: 'video',
      width: 1920,
      height: 1080,
      cover: 'data:image/jpeg;base64,AA',
    })
    expect([...form.keys()]).toEqual(['purpose', 'width', 'height', 'cover', 'file'])
    expect(form.get('width')).toBe('1920')
  })

  it('rejects with the server’s code and message', async () => {
    const xhr = new FakeXhr()
    const pending = uploadFile(
      new File(['x'], 'a.png'),
      { purpose: 'image' },
      { context, createRequest: () => xhr as never },
    )
    xhr.answer(415, { code: 415, msg: '文件格式不正确', data: null })
    const error = (await pending.catch((e) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'api', code: 415, message: '文件格式不正确' })
  })

  it('rejects with network, timeout and aborted errors', async () => {
    for (const [event, kind] of [
      ['onerror', 'network'],
      ['ontimeout', 'timeout'],
      ['onabort', 'aborted'],
    ] as const) {
      const xhr = new FakeXhr()
      const pending = uploadFile(
        new File(['x'], 'a.png'),
        { purpose: 'image' },
        { context, createRequest: () => xhr as never },
      )
      xhr[event]?.()
      await expect(pending).rejects.toMatchObject({ kind })
    }
  })

  it('can be cancelled', async () => {
    const xhr = new FakeXhr()
    const controller = new AbortController()
    const pending = uploadFile(
      new File(['x'], 'a.png'),
      { purpose: 'image' },
      {
        context,
        signal: controller.signal,
        createRequest: () => xhr as never,
      },
    )
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' })
  })
})

// @vitest-environment happy-dom
// Uploads in a form (docs/architecture.md § Input rules): the picked file is checked, previewed, uploaded with a progress bar, and the
// form's submit is held while it runs; Excel import takes one .xlsx/.xls of at most 3 MB and says so in the
// catalogue's fixed words; a video goes up with its cover, width and height.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { UploadResponse } from '../../../src/shared/contracts/files'
import type { UploadFields, UploadOptions } from '../../../src/web/api/upload'
import { ExcelImport } from '../../../src/web/forms/ExcelImport'
import { FileUpload } from '../../../src/web/forms/FileUpload'
import { SubmitButton } from '../../../src/web/forms/SubmitButton'
import { useForm } from '../../../src/web/forms/use-form'
import { render } from './render'

interface PendingUpload {
  file: File
  fields: UploadFields
  options: UploadOptions
  resolve: (value: UploadResponse) => void
  reject: (error: unknown) => void
}
const uploads: PendingUpload[] = []

vi.mock('../../../src/web/api/upload', () => ({
  uploadFile: (file: File, fields: UploadFields, options: UploadOptions) =>
    new Promise((resolve, reject) => uploads.push({ file, fields, options, resolve, reject })),
}))

beforeEach(() => {
  uploads.length = 0
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
})

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
])
const XLSX_HEAD = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0])
const MP4_HEAD = new Uint8Array([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d,
  0x70, 0x34, 0x31,
])

function stored(name: string, kind: UploadResponse['kind'] = 'png'): UploadResponse {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name,
    mime: 'image/png',
    kind,
    size: 16,
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
}

function pick(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true })
  fireEvent.change(input)
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement

function ArtworkForm({ onSave }: { onSave: (values: unknown) => void }) {
  const form = useForm({
    schema: z.object({ title: z.string(), imageId: z.string().min(1, { message: 'required' }) }),
    initialValues: { title: '秋山图', imageId: '' },
  })
  return (
    <form onSubmit={form.onSubmit(onSave)}>
      <FileUpload
        purpose="image"
        single
        label="作品图片"
        value={form.values.imageId ? [form.values.imageId] : []}
        uploads={form.uploads}
        onChange={(ids) => form.setFieldValue('imageId', ids[0] ?? '')}
        error={form.errors.imageId}
      />
      <SubmitButton form={form}>保存</SubmitButton>
    </form>
  )
}

describe('FileUpload in a form', () => {
  it('previews the picked image, shows progress and holds submit until the upload ends', async () => {
    const onSave = vi.fn()
    await render(<ArtworkForm onSave={onSave} />)
    pick(fileInput(), [new File([PNG], '秋山图.png', { type: 'image/png' })])
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0].fields).toEqual({ purpose: 'image' })
    expect(screen.getByRole('img', { name: '秋山图.png' }).getAttribute('src')).toBe('blob:preview')
    act(() => uploads[0].options.onProgress?.({ loaded: 8, total: 16, percent: 50 }))
    expect(screen.getByText('上传中… 50%')).toBeTruthy()
    const submit = screen.getByTestId('submit') as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    fireEvent.submit(submit.closest('form') as HTMLFormElement)
    await act(async () => {})
    expect(onSave).not.toHaveBeenCalled()

    await act(async () => uploads[0].resolve(stored('秋山图.png')))
    await waitFor(() => expect((screen.getByTestId('submit') as HTMLButtonElement).disabled).toBe(false))
    fireEvent.submit(submit.closest('form') as HTMLFormElement)
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ title: '秋山图', imageId: stored('x').id }))
  })

  it('refuses a file of the wrong format before sending it', async () => {
    await render(<ArtworkForm onSave={() => {}} />)
    pick(fileInput(), [new File(['GIF89a'], 'photo.gif', { type: 'image/gif' })])
    expect(await screen.findByText('文件格式不正确')).toBeTruthy()
    pick(fileInput(), [new File(['%PDF-1.7'], 'renamed.png', { type: 'image/png' })])
    await waitFor(() => expect(screen.getAllByText('文件格式不正确').length).toBeGreaterThan(0))
    expect(uploads).toHaveLength(0)
  })

  it('says "Uploading failed" when the upload cannot reach the server, and lets the form submit again', async () => {
    await render(<ArtworkForm onSave={() => {}} />)
    pick(fileInput(), [new File([PNG], 'a.png', { type: 'image/png' })])
    await waitFor(() => expect(uploads).toHaveLength(1))
    const { ApiError } = await import('../../../src/web/api/api-error')
    await act(async () => uploads[0].reject(new ApiError('network', 0, 'Failed to fetch')))
    expect(await screen.findByText('上传失败')).toBeTruthy()
    expect((screen.getByTestId('submit') as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('ExcelImport', () => {
  it('takes one file only, in the catalogue’s fixed words', async () => {
    await render(<ExcelImport onUploaded={async () => null} />)
    const zone = screen.getByTestId('excel-import')
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File([XLSX_HEAD], 'a.xlsx'), new File([XLSX_HEAD], 'b.xlsx')] },
    })
    expect(await screen.findByText('一次只能选择一个文件')).toBeTruthy()
    expect(uploads).toHaveLength(0)
  })

  it('takes only Excel files of at most 3 MB', async () => {
    await render(<ExcelImport onUploaded={async () => null} />, { lang: 'en' })
    const zone = screen.getByTestId('excel-import')
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a,b'], 'list.csv')] } })
    expect(await screen.findByText('Incorrect file format')).toBeTruthy()
    const big = new File([XLSX_HEAD], 'big.xlsx')
    Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 + 1 })
    fireEvent.drop(zone, { dataTransfer: { files: [big] } })
    expect(await screen.findByText('The file is too large (limit 3 MB)')).toBeTruthy()
    expect(uploads).toHaveLength(0)
  })

  it('uploads the file for import and reports a failed import as "Import failed"', async () => {
    const onUploaded = vi.fn(async () => {
      throw new Error('the rows could not be read')
    })
    await render(<ExcelImport onUploaded={onUploaded} />)
    fireEvent.drop(screen.getByTestId('excel-import'), {
      dataTransfer: { files: [new File([XLSX_HEAD], 'works.xlsx')] },
    })
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0].fields).toEqual({ purpose: 'excel' })
    await act(async () => uploads[0].resolve(stored('works.xlsx', 'xlsx')))
    await waitFor(() => expect(onUploaded).toHaveBeenCalledTimes(1))
    expect(await screen.findByText('导入失败')).toBeTruthy()
  })
})

describe('FileUpload of a video', () => {
  it('sends the cover frame, width and height with the video', async () => {
    const onUploaded = vi.fn()
    const capture = vi.fn(async () => ({ width: 1920, height: 1080, cover: 'data:image/jpeg;base64,AAAA' }))
    await render(<FileUpload purpose="video" onUploaded={onUploaded} capture={capture} label="视频" />)
    pick(fileInput(), [new File([MP4_HEAD], 'tour.mp4', { type: 'video/mp4' })])
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0].fields).toEqual({
      purpose: 'video',
      width: 1920,
      height: 1080,
      cover: 'data:image/jpeg;base64,AAAA',
    })
    expect(screen.getByTestId('video-cover').getAttribute('src')).toBe('data:image/jpeg;base64,AAAA')
    await act(async () => uploads[0].resolve(stored('tour.mp4', 'mp4')))
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(stored('tour.mp4', 'mp4')))
  })

  it('uploads a video it cannot decode without a cover and says its preview is unavailable', async () => {
    const capture = vi.fn(async () => {
      throw new Error('the video cannot be decoded')
    })
    await render(<FileUpload purpose="video" onUploaded={() => {}} capture={capture} />)
    pick(fileInput(), [new File([MP4_HEAD], 'odd.mp4', { type: 'video/mp4' })])
    expect(await screen.findByText('该格式不支持预览')).toBeTruthy()
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0].fields).toEqual({ purpose: 'video' })
  })
})

/** A field holding the ids of its stored files. */
function StoredField({ onChange }: { onChange: (ids: string[]) => void }) {
  const [ids, setIds] = useState<string[]>([])
  return (
    <FileUpload
      purpose="image"
      value={ids}
      onChange={(next) => {
        onChange(next)
        setIds(next)
      }}
    />
  )
}

describe('FileUpload cancel and remove', () => {
  it('cancels a running upload: nothing is stored, no failure is said, and submit is free again', async () => {
    const onSave = vi.fn()
    await render(<ArtworkForm onSave={onSave} />)
    pick(fileInput(), [new File([PNG], '秋山图.png', { type: 'image/png' })])
    await waitFor(() => expect(uploads).toHaveLength(1))
    const { ApiError } = await import('../../../src/web/api/api-error')
    uploads[0].options.signal?.addEventListener('abort', () =>
      uploads[0].reject(new ApiError('aborted', 0, 'aborted')),
    )
    expect((screen.getByTestId('submit') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: '取消' }))
    await waitFor(() => expect((screen.getByTestId('submit') as HTMLButtonElement).disabled).toBe(false))
    expect(uploads[0].options.signal?.aborted).toBe(true)
    expect(screen.queryByTestId('upload-progress')).toBeNull()
    expect(screen.queryByTestId('stored-file')).toBeNull()
    expect(screen.queryByText('上传失败')).toBeNull()
  })

  it('lists the stored file with its picture and removes it from the field', async () => {
    const onChange = vi.fn()
    await render(<StoredField onChange={onChange} />)
    pick(fileInput(), [new File([PNG], 'front.png', { type: 'image/png' })])
    await waitFor(() => expect(uploads).toHaveLength(1))
    await act(async () => uploads[0].resolve(stored('front.png')))
    await waitFor(() => expect(screen.getAllByTestId('stored-file')).toHaveLength(1))
    expect(onChange).toHaveBeenLastCalledWith([stored('x').id])
    expect(screen.getByText('front.png')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'front.png' }).getAttribute('src')).toBe('blob:preview')
    fireEvent.click(screen.getByRole('button', { name: '移除文件' }))
    await waitFor(() => expect(screen.queryAllByTestId('stored-file')).toHaveLength(0))
    expect(onChange).toHaveBeenLastCalledWith([])
  })
})

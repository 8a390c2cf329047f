// One upload at a time for a field: the form's upload counter runs while it does (so submit is refused),
// progress for the bar, cancel, and failures worded as spec §8 says ("Uploading failed"). API refusals
// (413, 415, ...) go through the one error handler like every other call, which shows the server's words.
import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { UploadResponse } from '../../shared/contracts/files'
import { isApiError } from '../api/api-error'
import { type UploadFields, type UploadProgress, uploadFile } from '../api/upload'
import { notifyMessage } from './notify'
import type { UploadTracker } from './use-form'

export function useFileUpload(uploads?: UploadTracker) {
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const controller = useRef<AbortController | null>(null)
  const mutation = useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: UploadFields }) => {
      controller.current = new AbortController()
      return uploadFile(file, fields, { onProgress: setProgress, signal: controller.current.signal })
    },
  })

  async function start(file: File, fields: UploadFields): Promise<UploadResponse | null> {
    const end = uploads?.begin()
    setProgress({ loaded: 0, total: file.size, percent: 0 })
    try {
      return await mutation.mutateAsync({ file, fields })
    } catch (error) {
      const handledAbove = isApiError(error) && (error.kind === 'api' || error.kind === 'http')
      if (!(isApiError(error) && error.kind === 'aborted') && !handledAbove) notifyMessage('uploadFailed')
      return null
    } finally {
      end?.()
      setProgress(null)
      controller.current = null
    }
  }

  return {
    start,
    progress,
    uploading: mutation.isPending,
    cancel: () => controller.current?.abort(),
  }
}

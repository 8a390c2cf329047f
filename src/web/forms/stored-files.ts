// Names, sizes and thumbnails of stored files by id: their signed links carry each file's record (one
// POST /api/file/link for a field's files). Shared by the upload control and the records that name files.
import { type FileLink, linkResponse } from '../../shared/contracts/files'
import { api } from '../api/http'
import { fileKeys } from '../api/queries/files'

export const storedFilesQuery = (ids: string[]) => ({
  queryKey: [...fileKeys.all, 'records', ...ids] as const,
  queryFn: async (): Promise<FileLink[]> => {
    if (ids.length === 0) return []
    const { links } = await api.post('file/link', {
      json: { ids, disposition: 'inline' },
      schema: linkResponse,
    })
    return links
  },
  staleTime: 60_000,
})

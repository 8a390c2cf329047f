// Signed links to stored files (previews open them in a new window; <img> and <video> use them directly).
import { type Disposition, FILE_API, linkResponse } from '../../../shared/contracts/files'
import { api } from '../http'

export const fileKeys = {
  all: ['file'] as const,
  link: (id: string, disposition: Disposition) => [...fileKeys.all, 'link', id, disposition] as const,
}

export const fileLink = (id: string, disposition: Disposition = 'inline') =>
  api.post(FILE_API.link, { json: { id, disposition }, schema: linkResponse })

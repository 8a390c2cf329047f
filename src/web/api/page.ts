// The shape of every paged answer of the API (`{ list, total, page, pageSize }`), for parsing replies.
import { z } from 'zod'

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() })

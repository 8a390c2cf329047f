// The process whose view the screen shows (`?process=<id>`, how every process view is opened), read from
// the query cache the view itself filled. A step form's own parts use it for what the form's values do not
// carry: the room a stocktake counts.
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import type { ProcessContext } from '../../../../../../machines/types'
import { processQuery } from '../../../../api/queries/process'

export function useOpenProcessContext(): ProcessContext | undefined {
  const search = useSearch({ strict: false }) as { process?: unknown }
  const id = typeof search.process === 'string' ? search.process : ''
  const { data } = useQuery({ ...processQuery(id), enabled: id !== '' })
  return data?.context
}

/** The room a stocktake counts (its start input). */
export function useStocktakeRoom(): string | undefined {
  const room = useOpenProcessContext()?.subject?.roomId
  return typeof room === 'string' ? room : undefined
}

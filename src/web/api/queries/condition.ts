// Condition reports (GET /api/artworks/{id}/condition-reports) as query options with their keys: every
// hand-over of one artwork, newest first, worded in the request's language (places), so a language switch
// refetches them.
import { queryOptions } from '@tanstack/react-query'
import { conditionReportList } from '../../../shared/contracts/condition'
import { api } from '../http'

export const conditionKeys = {
  all: ['condition'] as const,
  artworks: () => [...conditionKeys.all, 'artwork'] as const,
  artwork: (artworkId: string) => [...conditionKeys.artworks(), artworkId] as const,
}

export const conditionReportsQuery = (artworkId: string) =>
  queryOptions({
    queryKey: conditionKeys.artwork(artworkId),
    queryFn: ({ signal }) =>
      api.get(`artworks/${artworkId}/condition-reports`, { schema: conditionReportList, signal }),
    meta: { localized: true },
  })

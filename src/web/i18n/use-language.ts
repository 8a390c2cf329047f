// The language switch: keep the choice in local storage, show the catalog, refetch what the server words
// in the old language. No reload: Lingui's provider re-renders everything that reads a message.
import { useLingui } from '@lingui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Lang } from '../../shared/errors'
import { langOf } from '../../shared/lang'
import { refetchLocalized } from '../api/query-client'
import { session } from '../session/session-store'
import { activateLanguage } from './i18n'

export function useLanguage(): { lang: Lang; setLanguage: (lang: Lang) => Promise<void> } {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const lang: Lang = langOf(i18n.locale)
  const setLanguage = useCallback(
    async (next: Lang) => {
      session.setLanguage(next)
      await activateLanguage(next)
      await refetchLocalized(queryClient)
    },
    [queryClient],
  )
  return { lang, setLanguage }
}

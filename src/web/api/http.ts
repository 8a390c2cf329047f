// The app's one API client instance: the token from local storage, the language shown, and the system
// name from the current route. Query-options factories import `api` from here (never the app entry).
import { currentLanguage } from '../i18n/i18n'
import { session } from '../session/session-store'
import { type ClientContext, createApiClient, systemNameOf } from './client'

export const clientContext: ClientContext = {
  getToken: () => session.token(),
  getLanguage: () => currentLanguage(),
  getSystemName: () => systemNameOf(typeof window === 'undefined' ? '/' : window.location.pathname),
}

export const api = createApiClient(clientContext)

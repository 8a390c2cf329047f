// A failed call in words for the person looking at the screen, in the language shown: the server's own
// `msg` when it answered, otherwise what went wrong on the way.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from './api-error'

export function describeError(error: unknown, i18n: I18n): string {
  if (!isApiError(error)) return i18n._(msg`Something unexpected went wrong.`)
  switch (error.kind) {
    case 'api':
      return error.message
    case 'network':
      return i18n._(msg`The server cannot be reached. Check the network connection and try again.`)
    case 'timeout':
      return i18n._(msg`The server did not answer in time. Try again.`)
    case 'http': {
      const status = error.status
      return i18n._(msg`The server answered unexpectedly (HTTP ${status}). Try again later.`)
    }
    case 'contract':
      return i18n._(msg`The server's reply could not be read. Reload the page and try again.`)
    case 'aborted':
      return i18n._(msg`The request was cancelled.`)
  }
}

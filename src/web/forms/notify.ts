// Toasts. The messages of docs/architecture.md § Errors and behaviours ("Operation failed, other ongoing process at the moment", "Uploading
// failed", ...) come from the shared catalogue, so a toast raised in the browser says exactly what the
// server says for the same failure, in the language shown.
import { notifications } from '@mantine/notifications/store'
import { formatMessage, type Lang, type MessageKey } from '../../shared/errors'
import { currentLanguage } from '../i18n/i18n'

/** The messages of docs/architecture.md § Errors and behaviours by key (all present in MESSAGES with both languages). */
export const SPEC_MESSAGES = [
  'conflict',
  'duplicate',
  'uploadFailed',
  'importFailed',
  'incorrectFileFormat',
  'unavailablePreview',
  'editLocked',
] as const satisfies readonly MessageKey[]
export type SpecMessage = (typeof SPEC_MESSAGES)[number]

export function showError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: 5000, withBorder: true })
}

export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 3000, withBorder: true })
}

export function showWarning(message: string): void {
  notifications.show({ color: 'yellow', message, autoClose: 5000, withBorder: true })
}

/** A catalogue message as an error toast, e.g. `notifyMessage('uploadFailed')`. */
export function notifyMessage(
  key: MessageKey,
  params?: Record<string, string | number>,
  lang: Lang = currentLanguage(),
): string {
  const text = formatMessage(key, lang, params)
  showError(text)
  return text
}

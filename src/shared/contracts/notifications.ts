// Notifications by email: which kinds of message may also reach a user by email, and the
// signed-in user's own choices (GET/PUT /api/notifications/preferences).
import { z } from 'zod'
import type { Lang } from '../errors'
import type { MessageKind } from './process'

/** The message kinds a user may also receive by email, in the order the preferences screen lists them. */
export const EMAIL_KINDS = [
  'taskAssigned',
  'taskDueSoon',
  'taskOverdue',
  'taskEscalated',
  'rejected',
  'paymentFailed',
] as const satisfies readonly MessageKind[]
export type EmailKind = (typeof EMAIL_KINDS)[number]

export function isEmailKind(kind: string): kind is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(kind)
}

/**
 * A kind the user never chose either way reaches them by email (docs/decisions.md, "Notifications by
 * email"): every one of these kinds asks something of the user, and the bell alone is easy to miss.
 */
export const EMAIL_DEFAULT = true

/** The languages a user's emails are worded in. */
export const USER_LANGUAGES = ['zh-CN', 'en'] as const satisfies readonly Lang[]

const emailChoices = z.strictObject(
  Object.fromEntries(EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<EmailKind, z.ZodBoolean>,
)

/** PUT body: the language of the user's emails and each emailable kind on or off (all of them). */
export const notificationPreferencesInput = z.strictObject({
  language: z.enum(USER_LANGUAGES),
  email: emailChoices,
})
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>

export const notificationPreferencesView = z.object({
  language: z.enum(USER_LANGUAGES),
  email: z.object(
    Object.fromEntries(EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<EmailKind, z.ZodBoolean>,
  ),
  /** The user's email address (set by an administrator), null when they have none. */
  address: z.string().nullable(),
  /** Whether this server sends email at all (SMTP_URL and SMTP_FROM set). */
  delivery: z.boolean(),
})
export type NotificationPreferencesView = z.infer<typeof notificationPreferencesView>

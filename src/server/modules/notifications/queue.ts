// Queueing emails: `sendMessages` (messages/write.ts) calls `queueEmails` in the transaction that writes the
// bell's messages, so an email is queued exactly when its message is written (and rolled back with it). The
// delivery is outbox.ts.
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { EMAIL_DEFAULT, isEmailKind } from '../../../shared/contracts/notifications'
import type { MessageKind } from '../../../shared/contracts/process'
import { formatMessage, type Lang } from '../../../shared/errors'
import { langOf } from '../../../shared/lang'
import type { DbOrTx } from '../../db/client'
import { emailOutbox, notificationPreferences, users } from '../../db/schema'
import { type EmailSettings, emailSettings, preferencesLink, processLink } from './settings'

/** A message of the bell (messages/send.ts writes it); its email, when its kind has one, is queued here. */
export interface NewMessage {
  kind: MessageKind
  processId: string | null
  /** A published item's message: the item. */
  contentId?: string
  senderId: string | null
  title: { zh: string; en: string }
  body?: { zh: string; en: string }
  at?: Date
}

/** Subject and text of one message's email in one language. */
export function emailText(
  settings: EmailSettings,
  message: Pick<NewMessage, 'processId' | 'title' | 'body'>,
  lang: Lang,
): { subject: string; text: string } {
  const pick = (words: { zh: string; en: string }) => (lang === 'en' ? words.en : words.zh)
  const subject = pick(message.title).replace(/\s+/g, ' ').trim()
  const body = message.body ? pick(message.body).trim() : ''
  const text = [
    subject,
    ...(body ? ['', body] : []),
    '',
    formatMessage('emailOpenLink', lang, { link: processLink(settings, message.processId) }),
    '',
    '-- ',
    formatMessage('emailFooter', lang, { link: preferencesLink(settings) }),
    '',
  ].join('\n')
  return { subject, text }
}

/**
 * Queue the emails of messages just written (inside the caller's transaction): for an emailable kind, to
 * each enabled recipient with an email address who has not turned the kind off, worded in their language.
 * Nothing when this server sends no email.
 */
export async function queueEmails(
  db: DbOrTx,
  written: { id: string; recipientId: string }[],
  message: NewMessage,
): Promise<number> {
  const settings = emailSettings()
  if (!settings || !isEmailKind(message.kind) || written.length === 0) return 0
  const recipients = await db
    .select({
      id: users.id,
      address: users.email,
      language: users.language,
      chosen: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, message.kind)),
    )
    .where(
      and(
        inArray(
          users.id,
          written.map((w) => w.recipientId),
        ),
        eq(users.enabled, true),
        isNotNull(users.email),
        ne(sql`trim(${users.email})`, ''),
      ),
    )
  const byId = new Map(recipients.map((r) => [r.id, r]))
  const at = message.at ?? new Date()
  const rows = written.flatMap(({ id, recipientId }) => {
    const r = byId.get(recipientId)
    if (!r?.address || !(r.chosen ?? EMAIL_DEFAULT)) return []
    const lang = langOf(r.language)
    const { subject, text } = emailText(settings, message, lang)
    return [
      {
        messageId: id,
        recipientId,
        toAddress: r.address.trim(),
        subject,
        bodyText: text,
        lang,
        createdAt: at,
        nextAttemptAt: at,
      },
    ]
  })
  if (rows.length > 0) await db.insert(emailOutbox).values(rows)
  return rows.length
}

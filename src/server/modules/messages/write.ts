// Writing the message bell's rows: a message in both languages from the catalogue, to each recipient (its
// email queued in the same transaction, notifications/queue.ts), and the users who hold a privilege. Read by
// every module that tells someone something; send.ts adds the reminders.
import { sql } from 'drizzle-orm'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import type { PrivilegeKey } from '../../../shared/privileges'
import { PROCESS_TYPE_LABELS, type ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { messages } from '../../db/schema'
import { type NewMessage, queueEmails } from '../notifications/queue'
import { noticeTasksChanged } from '../tasks/notice'

type Params = Record<string, string | number>

/** Both languages of a catalogue message; `params` may differ per language (labels of types and steps). */
export function bothLanguages(key: MessageKey, params: (lang: Lang) => Params) {
  return { zh: formatMessage(key, 'zh-CN', params('zh-CN')), en: formatMessage(key, 'en', params('en')) }
}

/** A type's label; a type the generated list does not have yet (a catalog handed in by a test) by its name. */
export function typeLabel(type: ProcessType, lang: Lang): string {
  const labels: Partial<Record<string, Record<Lang, string>>> = PROCESS_TYPE_LABELS
  return labels[type]?.[lang] ?? type
}

export async function sendMessages(db: DbOrTx, recipients: Iterable<string>, message: NewMessage) {
  const to = [...new Set(recipients)]
  if (to.length === 0) return
  const written = await db
    .insert(messages)
    .values(
      to.map((recipientId) => ({
        recipientId,
        kind: message.kind,
        processId: message.processId,
        contentId: message.contentId ?? null,
        senderId: message.senderId,
        titleZh: message.title.zh,
        titleEn: message.title.en,
        bodyZh: message.body?.zh ?? '',
        bodyEn: message.body?.en ?? '',
        createdAt: message.at ?? new Date(),
      })),
    )
    .returning({ id: messages.id, recipientId: messages.recipientId })
  // The same messages by email, to those who chose them, queued in this transaction.
  await queueEmails(db, written, message)
  // The recipients' open inbox streams read their unread count again at commit (tasks/stream.ts).
  await noticeTasksChanged(db)
}

/** Enabled users who hold a privilege (through a role, their own, or all privileges). */
export async function holdersOf(db: DbOrTx, key: PrivilegeKey): Promise<string[]> {
  return holdersOfAny(db, [key])
}

/**
 * Enabled users who hold any of these privileges (through an enabled role, their own, or all privileges),
 * optionally only members of one role: the one place this rule is written as a query over users (the
 * session's own reading of one user is `privilegeColumns` in auth/sessions.ts).
 */
export async function holdersOfAny(
  db: DbOrTx,
  keys: readonly string[],
  options: { roleId?: string | null } = {},
): Promise<string[]> {
  const list = `{${keys.map((k) => `"${k}"`).join(',')}}`
  const rows = await db.execute<{ id: string }>(sql`
    select u.id from users u where u.enabled and (
      exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
              where ur.user_id = u.id and r.all_privileges)
      or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
                 join role_privileges rp on rp.role_id = r.id
                 where ur.user_id = u.id and rp.privilege = any(${list}::text[]))
      or exists (select 1 from user_privileges up where up.user_id = u.id and up.privilege = any(${list}::text[])))
      ${options.roleId ? sql`and exists (select 1 from user_roles ur where ur.user_id = u.id and ur.role_id = ${options.roleId}::uuid)` : sql``}`)
  return rowsOf<{ id: string }>(rows).map((r) => r.id)
}

// The message list of one user (the bell, the message centre, the home page): newest first, unread only or
// one kind when asked, with the process's type, the sender's name and, for a `content` message, the
// published item it announces (the message names it). One count and
// one page query, both on the recipient's indexes; the bench (bench/admin-messages.ts) times this very query.
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MessageKind } from '../../../shared/contracts/process'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { contents, messages, processes, users } from '../../db/schema'
import { processSubjects, type SubjectWords } from '../process/subject'

export interface MessageFilters {
  unread?: boolean
  kind?: MessageKind
}

export function messageWhere(userId: string, f: MessageFilters): SQL {
  return and(
    eq(messages.recipientId, userId),
    f.unread ? isNull(messages.readAt) : undefined,
    f.kind ? eq(messages.kind, f.kind) : undefined,
  ) as SQL
}

const sender = alias(users, 'sender')

/** The page query alone (the bench sends its SQL as it is). */
export function messagePageSelect(db: DbOrTx, where: SQL, limit: number, offset: number) {
  return db
    .select({
      m: messages,
      processType: processes.type,
      senderName: sender.displayName,
      contentId: contents.id,
      contentKind: contents.kind,
    })
    .from(messages)
    .leftJoin(processes, eq(processes.id, messages.processId))
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(contents, and(eq(contents.id, messages.contentId), eq(contents.status, 'published')))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset)
}

function subjectFields(words: SubjectWords | undefined, en: boolean) {
  const zh = words?.zh ?? ''
  const english = words?.en ?? ''
  return { subject: en ? english : zh, subjectZh: zh, subjectEn: english }
}

export async function messagePage(
  db: DbOrTx,
  userId: string,
  f: MessageFilters & { page: number; pageSize: number },
  lang: Lang,
) {
  const where = messageWhere(userId, f)
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(messages).where(where),
    messagePageSelect(db, where, f.pageSize, (f.page - 1) * f.pageSize),
  ])
  const en = lang === 'en'
  const subjects = await processSubjects(
    db,
    rows.flatMap(({ m }) => (m.processId ? [m.processId] : [])),
  )
  return {
    list: rows.map(({ m, processType, senderName, contentId, contentKind }) => ({
      id: m.id,
      kind: m.kind,
      processId: m.processId,
      processType: processType ?? null,
      title: en ? m.titleEn : m.titleZh,
      body: en ? m.bodyEn : m.bodyZh,
      titleZh: m.titleZh,
      titleEn: m.titleEn,
      bodyZh: m.bodyZh,
      bodyEn: m.bodyEn,
      ...subjectFields(m.processId ? subjects.get(m.processId) : undefined, en),
      senderName: senderName ?? null,
      read: m.readAt !== null,
      createdAt: m.createdAt.toISOString(),
      contentId: contentId ?? null,
      contentKind: contentKind ?? null,
    })),
    total: Number(n),
    page: f.page,
    pageSize: f.pageSize,
  }
}

// What a process is about, wherever a line names it without opening it: the inbox and the messages carry
// the subject of every kind of process in both languages — the titles a purchase describes before its works
// are in the archive, the room of a stocktake, the artworks of the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MessageView } from '../../src/shared/contracts/process'
import type { InboxView } from '../../src/shared/contracts/tasks'
import { type Flow, openFlow } from './process-flow'
import { dueDiligence } from './process-helpers'

let f: Flow
beforeAll(async () => {
  f = await openFlow()
})
afterAll(() => f?.close())

async function inboxSubject(user: string, processId: string) {
  const inbox = await f.t.call<InboxView>('GET', '/api/process/inbox?pageSize=200', { token: f.tokens[user] })
  return inbox.data.list.find((task) => task.processId === processId)?.process.subject
}
async function messagesOf(user: string, processId: string, lang: string) {
  const res = await f.t.call<{ list: MessageView[] }>('GET', '/api/message?pageSize=100', {
    token: f.tokens[user],
    lang,
  })
  return res.data.list.filter((m) => m.processId === processId)
}

describe('the subject of a process', () => {
  it('names the titles a purchase describes, in the inbox and in the messages, in both languages', async () => {
    let p = await f.start('registrar', 'BUY_ART', {
      artworks: [
        { titleZh: '秋山行旅图', titleEn: 'Travellers among Autumn Mountains' },
        { titleZh: '松风', titleEn: 'Wind in the Pines' },
      ],
    })
    p = await f.send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    const words = { zh: '秋山行旅图 及另外 1 件', en: 'Travellers among Autumn Mountains and 1 more' }
    expect(await inboxSubject('approver', p.id)).toEqual(words)
    const en = await messagesOf('approver', p.id, 'en')
    expect(en.length).toBeGreaterThan(0)
    expect(en[0]).toMatchObject({ subject: words.en, subjectZh: words.zh, subjectEn: words.en })
    const zh = await messagesOf('approver', p.id, 'zh-CN')
    expect(zh[0].subject).toBe(words.zh)
  })

  it('names the room of a stocktake', async () => {
    const [room] = (await f.t.deps.database.raw('select name_zh, name_en from rooms where id = $1', [
      f.room,
    ])) as { name_zh: string; name_en: string }[]
    const p = await f.start('operations', 'INVENTORY_CHECK', { roomId: f.room })
    expect(await inboxSubject('operations', p.id)).toEqual({ zh: room.name_zh, en: room.name_en })
  })

  it('names the artworks of a process that holds them', async () => {
    const ids = await f.artworks(1)
    const [work] = (await f.t.deps.database.raw(
      'select title_zh, title_en, inventory_no from artworks where id = $1',
      [ids[0]],
    )) as { title_zh: string; title_en: string; inventory_no: string }[]
    const p = await f.start('operations', 'OPERATION_SHOT_ART', { artworkIds: ids })
    const subject = await inboxSubject('operations', p.id)
    expect(subject?.zh).toBe(work.title_zh || work.title_en || work.inventory_no)
    expect(subject?.en).toBe(work.title_en || work.title_zh || work.inventory_no)
    expect(subject?.en).not.toBe('')
  })
})

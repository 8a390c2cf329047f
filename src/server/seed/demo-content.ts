// The demo office's news (VITRINE_DEMO=1): one exhibition item and one office message, published to
// everyone, so the news, the staff's table and each kind's own page have something to show. Published
// before anyone signed in, so nobody is sent a message about them.
import { eq } from 'drizzle-orm'
import { contents, users } from '../db/schema'
import type { SeedStep } from './steps'

type NewContent = typeof contents.$inferInsert

const DEMO_CONTENT: Omit<NewContent, 'createdBy' | 'updatedBy' | 'publishedAt'>[] = [
  {
    kind: 'exhibition',
    titleZh: '「山水清音」馆藏书画展开幕',
    titleEn: '“Clear Sounds of Mountains and Waters”: painting and calligraphy from the collection',
    summaryZh: '三十余件馆藏山水画与书法作品首次集中展出，其中六件为近年新入藏。',
    summaryEn:
      'More than thirty landscapes and works of calligraphy from the collection, six of them new acquisitions.',
    bodyZh:
      '<p>展览按年代分为三个单元，从明清文人山水到当代水墨。</p><p>借展与运输由投后运维团队统筹，展期内作品品相每周检查一次。</p>',
    bodyEn:
      '<p>The exhibition has three rooms, from the literati landscapes of the Ming and Qing to ink painting today.</p><p>The operations team arranged the loans and the transport; the works’ condition is checked every week while they hang.</p>',
    venue: '上海 · 外滩艺术中心',
    startsOn: '2026-05-16',
    endsOn: '2026-08-30',
    status: 'published',
  },
  {
    kind: 'message',
    titleZh: '库房年度盘点安排',
    titleEn: 'The warehouses’ yearly stocktake',
    summaryZh: '各库房将于下月完成年度盘点，盘点期间暂停出入库。',
    summaryEn: 'Every room is counted next month; nothing moves in or out while it is counted.',
    bodyZh: '<p>请各库房联络人在盘点开始前核对待入库批次，盘点结果将在库房页面的“盘点记录”中查看。</p>',
    bodyEn:
      '<p>Liaisons: please check the batches awaiting stock-in before the count starts. The results show on each room’s page, under Stocktakes.</p>',
    pinned: true,
    status: 'published',
  },
]

export const demoContentSeedStep: SeedStep = {
  name: 'demo news',
  run: async (db, options) => {
    if (!options.demo) return
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    if (!admin) return
    const publishedAt = new Date()
    await db
      .insert(contents)
      .values(DEMO_CONTENT.map((c) => ({ ...c, createdBy: admin.id, updatedBy: admin.id, publishedAt })))
  },
}

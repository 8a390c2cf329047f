// The demo office's release notes (VITRINE_DEMO=1 with the collection): the running version's release
// (the version of package.json), published on the office's day of seeding, in both languages, listing what
// this version changed. The release-notes screen lists it; the users seeded with it count as shown it (its
// "what's new" notice is for users added later). One SEED_STEPS line, after the demo collection.
import pkg from '../../../package.json' with { type: 'json' }
import { dayIn } from '../../shared/office-time'
import { releases, releaseViews, users } from '../db/schema'
import type { SeedStep } from './steps'

/** What this version changed, one line each, in both languages (the screens keep the line breaks). */
export const DEMO_RELEASE_NOTES = {
  zh: [
    `Vitrine ${pkg.version}：本版本的变化`,
    '· 藏品档案：作品著录、图片、来源、估值与标签，Excel 批量导入与导出，标签打印',
    '· 库房：库房与库位管理，批量入库（到货作品按批入库），扫码盘点，出入库台账',
    '· 流程：购藏、运输、借展、装裱、修复、复制、拍摄、销售、保险、理赔与付款申请，逐级审批，可终止与重启',
    '· 财务：合同与付款登记；购藏付款与销售收款须为合同尚欠的全款，付清后流程才完成，不再有欠款的已完成合同',
    '· 销售交付：在“销售交付”页直接为已售作品发起交付运输',
    '· 待办、消息提醒与代理审批；数据中心与报表（PDF、Excel）',
    '· 中英双语界面',
  ].join('\n'),
  en: [
    `Vitrine ${pkg.version}: what this version changed`,
    '· Archive: artwork records, pictures, provenance, valuations and tags; Excel import and export; labels',
    '· Storage: rooms and locations, batch stock-in of arrived works, stocktakes by scanning, the movement ledger',
    '· Processes: purchase, transport, loan, mounting, repair, replica, photography, sale, insurance, claims and payment requests, each approved step by step, terminated and restarted when needed',
    "· Finance: contracts and payments on record; a purchase's payment and a sale's collection are the full amount the contract leaves due, so no contract completes with money still owed",
    '· Sale delivery: start the delivery transport of a sold work from the sale deliveries screen',
    '· Tasks, notifications and delegated approvals; the data centre and reports (PDF, Excel)',
    '· Chinese and English throughout',
  ].join('\n'),
}

export const demoReleaseSeedStep: SeedStep = {
  name: 'demo release notes',
  run: async (db, options) => {
    if (!options.config.demoCollection) return
    const people = await db.select({ id: users.id, username: users.username }).from(users)
    const admin = people.find((u) => u.username === 'admin')
    const now = new Date()
    const [release] = await db
      .insert(releases)
      .values({
        number: pkg.version,
        releasedOn: dayIn(now, options.config.timeZone),
        notesZh: DEMO_RELEASE_NOTES.zh,
        notesEn: DEMO_RELEASE_NOTES.en,
        status: 'published',
        publishedAt: now,
        createdBy: admin?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: releases.id })
    // The users seeded with it have been shown it: its "what's new" notice would otherwise cover the first
    // screen of every demo user (and of every browser test); a user added later is shown it once.
    if (people.length > 0)
      await db
        .insert(releaseViews)
        .values(people.map((u) => ({ userId: u.id, releaseId: release.id, seenAt: now })))
  },
}

// Shared by the artwork API tests: uploads through the real file API, the seeded tag and room ids, and a
// complete record (every field of docs/architecture.md § Records (Artwork)) to create and compare against.
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { rooms } from '../../src/server/db/schema'
import { tagIdByCode } from '../../src/server/seed/reference-data'
import { type CreateArtworkInput, NO_RIGHTS } from '../../src/shared/artwork-rules'
import { jpeg, mp4, pdf, zipOf } from '../fixtures/file-samples'
import type { TestContext } from './helpers'

export async function upload(
  t: TestContext,
  token: string,
  purpose: string,
  bytes: Buffer,
  name: string,
  extra: Record<string, string> = {},
): Promise<{ id: string; coverFileId: string | null }> {
  const form = new FormData()
  form.append('purpose', purpose)
  for (const [k, v] of Object.entries(extra)) form.append(k, v)
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const res = await t.call('POST', '/api/file/upload', { token, body: form })
  expect(res.code, res.msg).toBe(0)
  return { id: res.data.id, coverFileId: res.data.coverFileId }
}

export async function uploadMedia(t: TestContext, token: string) {
  const front = await upload(t, token, 'image', await jpeg(400, 300), 'front.jpg')
  const detail = await upload(t, token, 'image', await jpeg(300, 300), 'detail.jpg')
  const frame = await jpeg(320, 240)
  const video = await upload(t, token, 'video', mp4(5000), 'walkthrough.mp4', {
    width: '1280',
    height: '720',
    cover: frame.toString('base64'),
  })
  const document = await upload(t, token, 'pdf', pdf(), 'condition-report.pdf')
  const sources = await upload(t, token, 'archive', await zipOf({ 'notes.txt': 'scan notes' }), 'sources.zip')
  return {
    front: front.id,
    detail: detail.id,
    video: video.id,
    cover: video.coverFileId,
    document: document.id,
    zip: sources.id,
  }
}
export type Media = Awaited<ReturnType<typeof uploadMedia>>

export async function referenceIds(t: TestContext) {
  const db = t.deps.database.db
  const tag = (code: string) => tagIdByCode(db, code)
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.code, 'SH-FTZ'))
  return {
    oil: await tag('MEDIUM_OIL_CANVAS'),
    ink: await tag('MEDIUM_INK_PAPER'),
    period2000: await tag('PERIOD_2000_ON'),
    period1980: await tag('PERIOD_1980_1999'),
    auction: await tag('MARKET_AUCTION'),
    primary: await tag('MARKET_PRIMARY'),
    holding: await tag('INCOME_STAGE_HOLDING'),
    core: await tag('LABEL_CORE'),
    published: await tag('LABEL_PUBLISHED'),
    established: await tag('ARTIST_ESTABLISHED'),
    roomShanghai: room.id,
  }
}
export type RefIds = Awaited<ReturnType<typeof referenceIds>>

/** Every field of the record filled. */
export function fullRecord(
  ids: RefIds,
  media: Media,
  artistId: string | null,
  overrides: Partial<CreateArtworkInput> = {},
): CreateArtworkInput {
  return {
    inventoryNo: 'VT-T-0001',
    titleZh: '春江花月夜之二',
    titleEn: 'Spring River, Flowers and Moonlit Night II',
    artistId,
    creationTime: '2012',
    materialsZh: '布面油画',
    materialsEn: 'Oil on canvas',
    dimensions: {
      core: { values: ['60', '80'], unit: 'cm' },
      picture: { values: ['62', '82.5'], unit: 'cm' },
      frame: { values: ['75', '95', '6'], unit: 'cm' },
      other: { values: ['30'], unit: 'cm' },
    },
    signature: { signed: true, position: '右下', content: 'Zhou 2012' },
    mediumTagId: ids.oil,
    periodTagId: ids.period2000,
    investMarketTagId: ids.auction,
    incomeStageTagId: ids.holding,
    labelTagIds: [ids.published, ids.core],
    sourceZh: '佳士得香港 2015 秋拍',
    sourceEn: "Christie's Hong Kong, autumn 2015",
    buyYear: '2015',
    packagingType: 'WOODEN_CRATE',
    volumeWeight: '42.5',
    actualWeight: '18',
    remarkZh: '画框有轻微磨损',
    remarkEn: 'Slight wear to the frame',
    exhibitions: [
      {
        date: '2013-05',
        titleZh: '水与光',
        titleEn: 'Water and Light',
        placeZh: '上海当代艺术馆',
        placeEn: 'MoCA Shanghai',
        note: '',
      },
    ],
    auctions: [
      {
        date: '2015-11-28',
        titleZh: '二十世纪及当代艺术晚拍',
        titleEn: '20th Century and Contemporary Art Evening Sale',
        placeZh: '佳士得香港',
        placeEn: "Christie's Hong Kong",
        lot: '1032',
        price: '2800000',
        currency: 'HKD',
        note: '',
      },
    ],
    privateCollections: [
      {
        date: '2013',
        titleZh: '台北私人收藏',
        titleEn: 'Private collection, Taipei',
        placeZh: '',
        placeEn: '',
        note: '',
      },
    ],
    literature: [
      {
        date: '2014',
        literatureType: 'EXHIBITION_CATALOGUE',
        titleZh: '《水与光》展览图录',
        titleEn: 'Water and Light, exhibition catalogue',
        placeZh: '上海人民美术出版社',
        placeEn: "Shanghai People's Fine Arts Publishing House",
        note: 'p. 45',
      },
    ],
    salvagePriority: '2',
    handlingNotesZh: '两人搬运，画面朝内',
    handlingNotesEn: 'Two people, face inwards',
    media: [
      {
        fileId: media.front,
        kind: 'image',
        picType: 'FRONT',
        isPreview: true,
        caption: '正面',
        rights: {
          holder: 'Studio Lumen',
          licence: 'CC BY-NC 4.0',
          credit: 'Photo © Studio Lumen',
          restrictions: 'No commercial use',
        },
      },
      {
        fileId: media.detail,
        kind: 'image',
        picType: 'DETAIL',
        isPreview: false,
        caption: '',
        rights: NO_RIGHTS,
      },
      {
        fileId: media.video,
        kind: 'video',
        picType: '',
        isPreview: false,
        caption: 'Walk-through',
        rights: NO_RIGHTS,
      },
      {
        fileId: media.document,
        kind: 'other',
        picType: '',
        isPreview: false,
        caption: 'Condition report',
        rights: NO_RIGHTS,
      },
    ],
    zipFileId: media.zip,
    inWarehouse: true,
    roomId: ids.roomShanghai,
    locationText: '',
    ...overrides,
  }
}

/** The record part of an input (what the detail's `record` reads back), normalised like the server does. */
export function recordPart(input: CreateArtworkInput) {
  const { inWarehouse: _w, roomId: _r, locationText: _l, ...record } = input
  return record
}

export async function countRows(t: TestContext, table: string): Promise<number> {
  const [row] = (await t.deps.database.raw(`select count(*)::int as n from ${table}`)) as { n: number }[]
  return row.n
}

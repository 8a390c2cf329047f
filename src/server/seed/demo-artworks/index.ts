// The demo collection (VITRINE_DEMO=1): a few hundred artworks by the invented artists of catalogue.ts,
// each a complete record that passes the archive's own rules — bilingual titles, sizes, signature, tags,
// provenance (exhibitions, auctions, private collections, literature), whereabouts, insurance and a
// latest valuation in its market's currency — with a picture made by the project (paint.ts). One
// SEED_STEPS line; deterministic, so every demo install shows the same collection.
import { eq, inArray, sql } from 'drizzle-orm'
import { type ArtworkRecord, artworkRecord, type Dimension } from '../../../shared/artwork-rules'
import type { Db } from '../../db/client'
import { artists, files, rooms, tags, users } from '../../db/schema'
import { insertArtworks, type NewArtwork } from '../../modules/artworks/record-store'
import { thumbnailKeyOf } from '../../modules/files/upload'
import { seedDemoProcesses } from '../demo-processes'
import type { SeedStep } from '../steps'
import {
  AUCTIONS,
  CERAMIC_TITLES,
  COLLECTIONS,
  DEMO_ARTISTS,
  type DemoArtist,
  EXHIBITION_TITLES,
  FAIRS,
  GALLERIES,
  INK_MOODS,
  INK_SCENES,
  type Kind,
  MODERN_TITLES,
  PHOTO_TITLES,
  PUBLISHERS,
  SCULPTURE_TITLES,
  VENUES,
} from './catalogue'
import { type DemoStyle, demoKey, rng } from './paint'

export const DEMO_ARTWORK_COUNT = 260

const MEDIUM_OF: Record<Kind, string[]> = {
  ink: ['MEDIUM_INK_PAPER', 'MEDIUM_INK_COLOUR_PAPER', 'MEDIUM_INK_COLOUR_SILK'],
  oil: ['MEDIUM_OIL_CANVAS', 'MEDIUM_OIL_CANVAS', 'MEDIUM_OIL_PANEL'],
  acrylic: ['MEDIUM_ACRYLIC_CANVAS'],
  mixed: ['MEDIUM_MIXED'],
  sculpture: ['MEDIUM_BRONZE', 'MEDIUM_MARBLE'],
  photo: ['MEDIUM_PHOTOGRAPH'],
  ceramic: ['MEDIUM_CERAMIC'],
  print: ['MEDIUM_PRINT'],
}
const STYLE_OF: Record<Kind, DemoStyle[]> = {
  ink: ['ink'],
  oil: ['field', 'grid', 'collage'],
  acrylic: ['field', 'collage', 'lines'],
  mixed: ['collage', 'lines'],
  sculpture: ['bronze'],
  photo: ['photo'],
  ceramic: ['vessel'],
  print: ['lines', 'grid'],
}
const PACKAGING_OF: Record<Kind, string[]> = {
  ink: ['ROLL_TUBE', 'BROCADE_BOX', 'WOODEN_CRATE'],
  oil: ['WOODEN_CRATE', 'CLIMATE_CRATE', 'TRAVEL_FRAME'],
  acrylic: ['WOODEN_CRATE', 'TRAVEL_FRAME', 'SOFT_WRAP'],
  mixed: ['WOODEN_CRATE', 'CLIMATE_CRATE'],
  sculpture: ['SCULPTURE_CRATE'],
  photo: ['CARDBOARD_BOX', 'TRAVEL_FRAME'],
  ceramic: ['FITTED_CASE', 'BROCADE_BOX'],
  print: ['CARDBOARD_BOX', 'SOFT_WRAP'],
}
const ROOMS = [
  'SH-FTZ',
  'SH-FTZ',
  'SH-FTZ',
  'HK-KC',
  'HK-KC',
  'GVA-FP',
  'LDN',
  'SG-FP',
  'BJ-OFFICE',
  'SH-OFFICE',
]
/** The museums the collection lends to this season. */
const LOAN_VENUES = [VENUES[1], VENUES[4], VENUES[6]]
const LABELS = [
  'LABEL_CORE',
  'LABEL_SIGNATURE_WORK',
  'LABEL_PUBLISHED',
  'LABEL_EXHIBITED',
  'LABEL_PROVENANCE',
  'LABEL_LOANABLE',
  'LABEL_PENDING_AUTH',
  'LABEL_SPECIAL_CARE',
]
const POSITIONS = [
  ['右下', 'lower right'],
  ['左下', 'lower left'],
  ['背面', 'on the reverse'],
  ['左上', 'upper left'],
] as const

type Rand = () => number
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]
const between = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))
const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const day = (r: Rand, year: number) => `${year}-${pad(between(r, 1, 12))}-${pad(between(r, 1, 28))}`

function periodCode(year: number): string {
  if (year <= 1911) return 'PERIOD_PRE_1911'
  if (year <= 1949) return 'PERIOD_1912_1949'
  if (year <= 1979) return 'PERIOD_1950_1979'
  if (year <= 1999) return 'PERIOD_1980_1999'
  return 'PERIOD_2000_ON'
}

function sizeOf(
  r: Rand,
  kind: Kind,
): { dims: Partial<Record<'core' | 'picture' | 'frame' | 'other', Dimension>>; ratio: number } {
  const cm = (...values: number[]): Dimension => ({ values: values.map(String), unit: 'cm' })
  switch (kind) {
    case 'ink': {
      const h = pick(r, [68, 96, 136, 180])
      const w = pick(r, [34, 45, 68, 96])
      return { dims: { core: cm(h, w), picture: cm(h, w), other: cm(h + 110, w + 30) }, ratio: h / w }
    }
    case 'sculpture': {
      const h = between(r, 30, 180)
      return {
        dims: { core: cm(h, Math.round(h * 0.4), Math.round(h * 0.35)), other: cm(20, 50, 50) },
        ratio: 1.2,
      }
    }
    case 'ceramic': {
      const h = between(r, 18, 60)
      return { dims: { core: cm(h, Math.round(h * 0.7), Math.round(h * 0.7)) }, ratio: 1 }
    }
    case 'photo': {
      const w = pick(r, [60, 90, 120, 150])
      const h = Math.round(w / 1.5)
      return { dims: { picture: cm(h, w), frame: cm(h + 10, w + 10, 4) }, ratio: h / w }
    }
    default: {
      const h = between(r, 4, 20) * 10
      const w = between(r, 4, 24) * 10
      return { dims: { picture: cm(h, w), frame: cm(h + 8, w + 8, between(r, 3, 8)) }, ratio: h / w }
    }
  }
}

function titleOf(r: Rand, kind: Kind, n: number): [string, string] {
  if (kind === 'ink') {
    const [sz, se] = pick(r, INK_SCENES)
    const [mz, me] = pick(r, INK_MOODS)
    return [`${sz}${mz}`, me ? `${se}${me.startsWith(',') ? me : ` ${me}`}` : se]
  }
  const list =
    kind === 'sculpture'
      ? SCULPTURE_TITLES
      : kind === 'photo'
        ? PHOTO_TITLES
        : kind === 'ceramic'
          ? CERAMIC_TITLES
          : MODERN_TITLES
  const [zh, en] = pick(r, list)
  if (r() < 0.5) return [zh, en]
  const no = (n % 23) + 1
  return [`${zh} 之${no}`, `${en} No. ${no}`]
}

/**
 * Where the catalogue wants an artwork to stand once the demo office has run: every artwork is inserted at
 * rest (in the collection, in a room), and the demo processes (demo-processes.ts) take the ones marked here
 * out on loan, to the conservator or onto the road, and insure the insured ones — never by hand.
 */
export type DemoIntent =
  | { kind: 'loan'; venue: readonly [string, string, string] }
  | { kind: 'away' }
  | { kind: 'insured'; policy: 0 | 1 }
  | { kind: 'rest' }

/** The catalogue's intents, by artwork id, handed from the artworks step to the processes step. */
export interface DemoPlan {
  intents: Map<string, DemoIntent>
}

interface Built {
  item: NewArtwork
  file: typeof files.$inferInsert
  detail: typeof files.$inferInsert | null
  intent: DemoIntent
}

function build(
  n: number,
  artist: DemoArtist,
  artistId: string,
  ids: {
    tag: (code: string) => number
    room: (code: string) => string
    tagName: (code: string) => [string, string]
  },
  seq: Map<number, number>,
  adminId: string,
): Built {
  const r = rng(n * 7919 + 17)
  const last = Math.min(artist.deathYear ?? 2024, 2024)
  const first = Math.min(artist.birthYear + 22, last)
  const year = between(r, first, last)
  const buyYear = between(r, Math.max(year, 2006), 2024)
  const no = (seq.get(buyYear) ?? 0) + 1
  seq.set(buyYear, no)
  const inventoryNo = `VT-${buyYear}-${pad(no, 4)}`
  const [titleZh, titleEn] = titleOf(r, artist.kind, n)
  const medium = pick(r, MEDIUM_OF[artist.kind])
  const [materialsZh, materialsEn] = ids.tagName(medium)
  const { dims, ratio } = sizeOf(r, artist.kind)
  const chinese = /[\u4e00-\u9fff]/.test(artist.nameZh) && !artist.nameZh.includes('·')
  const [posZh, posEn] = pick(r, POSITIONS)
  const signed = artist.kind !== 'ceramic' && r() < 0.92

  const route = r()
  const price = Math.round((artist.price * (0.5 + r())) / 1000) * 1000
  let source: [string, string]
  let market: string
  const auctions: ArtworkRecord['auctions'] = []
  if (route < 0.45) {
    const [hz, he, sz, se, cur] = pick(r, AUCTIONS)
    source = [`${hz} ${buyYear} 年${r() < 0.5 ? '春' : '秋'}拍`, `${he}, ${buyYear}`]
    market = 'MARKET_AUCTION'
    auctions.push({
      date: day(r, buyYear),
      titleZh: sz,
      titleEn: se,
      placeZh: hz,
      placeEn: he,
      lot: String(between(r, 1, 480)),
      price: `${price}.00`,
      currency: cur,
      note: '',
    })
  } else if (route < 0.75) {
    const [gz, ge] = pick(r, GALLERIES)
    source = [`购自${gz}`, `Acquired from ${ge}`]
    market = 'MARKET_PRIMARY'
  } else if (route < 0.9) {
    const [cz, ce] = pick(r, COLLECTIONS)
    source = [`私人洽购（${cz}）`, `Private sale (${ce})`]
    market = 'MARKET_PRIVATE_TREATY'
  } else {
    const [fz, fe] = pick(r, FAIRS)
    source = [`${fz} ${buyYear}`, `${fe} ${buyYear}`]
    market = 'MARKET_ART_FAIR'
  }
  if (year < buyYear - 8 && r() < 0.3) {
    const [hz, he, sz, se, cur] = pick(r, AUCTIONS)
    const earlier = between(r, year + 1, buyYear - 1)
    auctions.unshift({
      date: day(r, earlier),
      titleZh: sz,
      titleEn: se,
      placeZh: hz,
      placeEn: he,
      lot: String(between(r, 1, 480)),
      price: `${Math.round(price * 0.4)}.00`,
      currency: cur,
      note: '',
    })
  }
  const exhibitions: ArtworkRecord['exhibitions'] = []
  for (let i = 0, k = between(r, 0, 2); i < k; i++) {
    const [vz, ve] = pick(r, VENUES)
    const [ez, ee] = pick(r, EXHIBITION_TITLES)
    const y = between(r, year, 2024)
    exhibitions.push({
      date: `${y}-${pad(between(r, 1, 12))}`,
      titleZh: ez,
      titleEn: ee,
      placeZh: vz,
      placeEn: ve,
      note: '',
    })
  }
  const privateCollections: ArtworkRecord['privateCollections'] = []
  for (let i = 0, k = between(r, 0, 2); i < k && year < buyYear; i++) {
    const [cz, ce] = pick(r, COLLECTIONS)
    privateCollections.push({
      date: String(between(r, year, buyYear)),
      titleZh: cz,
      titleEn: ce,
      placeZh: '',
      placeEn: '',
      note: '',
    })
  }
  const literature: ArtworkRecord['literature'] = []
  if (exhibitions.length > 0 && r() < 0.6) {
    const [pz, pe] = pick(r, PUBLISHERS)
    literature.push({
      date: exhibitions[0].date.slice(0, 4),
      literatureType: 'EXHIBITION_CATALOGUE',
      titleZh: `《${exhibitions[0].titleZh}》展览图录`,
      titleEn: `${exhibitions[0].titleEn}, exhibition catalogue`,
      placeZh: pz,
      placeEn: pe,
      note: `第 ${between(r, 12, 220)} 页 / p. ${between(r, 12, 220)}`,
    })
  }
  if (artist.deathYear && r() < 0.4) {
    literature.push({
      date: String(between(r, artist.deathYear, 2024)),
      literatureType: 'CATALOGUE_RAISONNE',
      titleZh: `《${artist.nameZh}作品全集》`,
      titleEn: `${artist.nameEn}: Catalogue Raisonné`,
      placeZh: '人民美术出版社',
      placeEn: "People's Fine Arts Publishing House",
      note: '',
    })
  }
  const labels = [...new Set(Array.from({ length: between(r, 0, 2) }, () => pick(r, LABELS)))]
  if (literature.length > 0 && !labels.includes('LABEL_PUBLISHED')) labels.push('LABEL_PUBLISHED')

  const style = pick(r, STYLE_OF[artist.kind])
  const width = 800
  const height = Math.max(300, Math.min(1200, Math.round(width * ratio)))
  const key = demoKey(style, inventoryNo)
  const file = {
    originalName: `${inventoryNo}-front.jpg`,
    mime: 'image/jpeg',
    kind: 'jpeg' as const,
    size: 0,
    sha256: '',
    storageKey: key,
    uploadedBy: adminId,
    purpose: 'image' as const,
    width,
    height,
    thumbnailKey: thumbnailKeyOf(key),
  }
  const detail =
    r() < 0.2
      ? {
          ...file,
          originalName: `${inventoryNo}-detail.jpg`,
          storageKey: demoKey(style, inventoryNo, true),
          thumbnailKey: thumbnailKeyOf(demoKey(style, inventoryNo, true)),
        }
      : null

  // The draws of the catalogue as it was (on loan, away from the vaults, insured): kept in the same order so
  // every other field of every artwork stays as it was; the processes now bring the artworks there.
  const onLoan = r() < 0.05
  const inVault = !onLoan && r() < 0.92
  // Three borrowers this season (one loan process each): the draw is kept, folded onto them.
  const loanVenue = LOAN_VENUES[VENUES.indexOf(pick(r, VENUES)) % LOAN_VENUES.length]
  const record = artworkRecord.parse({
    inventoryNo,
    titleZh,
    titleEn,
    artistId,
    creationTime: r() < 0.15 ? `约 ${year} 年 / c. ${year}` : String(year),
    materialsZh,
    materialsEn,
    dimensions: dims,
    signature: signed
      ? {
          signed: true,
          position: chinese ? posZh : posEn,
          content: chinese
            ? `${artist.nameZh.slice(-2)} ${year}`
            : `${artist.nameEn.split(' ').pop()} ${String(year).slice(2)}`,
        }
      : { signed: false },
    mediumTagId: ids.tag(medium),
    periodTagId: ids.tag(periodCode(year)),
    investMarketTagId: ids.tag(market),
    incomeStageTagId: ids.tag(
      buyYear >= 2023
        ? 'INCOME_STAGE_INVESTING'
        : r() < 0.1
          ? 'INCOME_STAGE_EXIT_PREP'
          : 'INCOME_STAGE_HOLDING',
    ),
    labelTagIds: labels.map(ids.tag),
    sourceZh: source[0],
    sourceEn: source[1],
    buyYear: String(buyYear),
    packagingType: pick(r, PACKAGING_OF[artist.kind]),
    volumeWeight: String(between(r, 5, 120)),
    actualWeight: artist.kind === 'sculpture' ? String(between(r, 20, 400)) : `${between(r, 1, 40)}.5`,
    remarkZh: '',
    remarkEn: '',
    exhibitions,
    auctions,
    privateCollections,
    literature,
    media: [
      {
        fileId: '00000000-0000-4000-8000-000000000000',
        kind: 'image',
        picType: 'FRONT',
        isPreview: true,
        caption: '',
      },
      ...(detail
        ? [
            {
              fileId: '00000000-0000-4000-8000-000000000001',
              kind: 'image',
              picType: 'DETAIL',
              isPreview: false,
              caption: '',
            },
          ]
        : []),
    ],
  })
  const roomCode = inVault ? pick(r, ROOMS) : ROOMS[n % ROOMS.length]
  const valuation = {
    latestValuation: `${Math.round((price * (0.8 + r() * 1.2)) / 1000) * 1000}.00`,
    latestValuationCurrency: artist.currency,
    valuationDate: day(r, between(r, 2023, 2024)),
  }
  const insured = inVault && r() < 0.8
  const policy = insured && between(r, 2026, 2027) === 2027 ? 1 : 0
  return {
    file,
    detail,
    intent: onLoan
      ? { kind: 'loan', venue: loanVenue }
      : !inVault
        ? { kind: 'away' }
        : insured
          ? { kind: 'insured', policy }
          : { kind: 'rest' },
    item: {
      record,
      inWarehouse: true,
      roomId: ids.room(roomCode),
      locationText: '',
      status: 'in_collection',
      valuation,
      insuranceStatus: 'to_be_insured',
      insuredUntil: null,
    },
  }
}

export async function seedDemoArtworks(db: Db, options: { demo: boolean }): Promise<DemoPlan | undefined> {
  if (!options.demo) return undefined
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
  if (!admin) return undefined
  const tagRows = await db
    .select({ id: tags.id, code: tags.code, nameZh: tags.nameZh, nameEn: tags.nameEn })
    .from(tags)
  const tagByCode = new Map(tagRows.filter((t) => t.code).map((t) => [t.code!, t]))
  const roomRows = await db
    .select({ id: rooms.id, code: rooms.code })
    .from(rooms)
    .where(inArray(rooms.code, ROOMS))
  const roomByCode = new Map(roomRows.map((x) => [x.code, x.id]))
  if (roomByCode.size === 0 || !tagByCode.has('PERIOD_2000_ON')) return undefined // no demo reference data
  const ids = {
    tag: (code: string) => {
      const t = tagByCode.get(code)
      if (!t) throw new Error(`demo artworks: no tag ${code}`)
      return t.id
    },
    tagName: (code: string): [string, string] => [tagByCode.get(code)!.nameZh, tagByCode.get(code)!.nameEn],
    room: (code: string) => roomByCode.get(code) ?? roomRows[0].id,
  }

  const artistRows = await db
    .insert(artists)
    .values(
      DEMO_ARTISTS.map((a) => ({
        nameZh: a.nameZh,
        nameEn: a.nameEn,
        nationality: a.nationality,
        birthYear: a.birthYear,
        deathYear: a.deathYear,
        artistStageTagId: ids.tag(a.stage),
      })),
    )
    .returning({ id: artists.id })

  const seq = new Map<number, number>()
  const built = Array.from({ length: DEMO_ARTWORK_COUNT }, (_, n) => {
    const k = (n * 13) % DEMO_ARTISTS.length
    return build(n, DEMO_ARTISTS[k], artistRows[k].id, ids, seq, admin.id)
  })
  const fileRows = await db
    .insert(files)
    .values(built.flatMap((b) => (b.detail ? [b.file, b.detail] : [b.file])))
    .returning({ id: files.id, key: files.storageKey })
  const fileId = new Map(fileRows.map((f) => [f.key, f.id]))
  const items = built.map((b) => ({
    ...b.item,
    record: {
      ...b.item.record,
      media: b.item.record.media.map((m, i) => ({
        ...m,
        fileId: fileId.get(i === 0 ? b.file.storageKey : b.detail!.storageKey)!,
      })),
    },
  }))
  const artworkIds = await insertArtworks(db, items, admin.id, 'create')
  // Each work's valuation history: an auction estimate two years before its latest valuation (a little lower),
  // then the appraisal the record carries, so the value over time and the history charts have something to draw.
  await db.execute(sql`insert into valuations (artwork_id, amount, currency, valued_on, method, valuer, created_by)
    select id, round(latest_valuation * 0.85, -3), latest_valuation_currency, valuation_date - 730,
      'auction_estimate'::valuation_method, 'Demo auction house', ${admin.id}::uuid
    from artworks where id = any(${`{${artworkIds.join(',')}}`}::uuid[]) and latest_valuation is not null
    union all
    select id, latest_valuation, latest_valuation_currency, valuation_date, 'appraisal'::valuation_method, 'Demo appraiser', ${admin.id}::uuid
    from artworks where id = any(${`{${artworkIds.join(',')}}`}::uuid[]) and latest_valuation is not null`)
  return { intents: new Map(artworkIds.map((id, i) => [id, built[i].intent])) }
}

/** The demo collection, then the office's processes that bring it where the catalogue wants it. */
export const demoArtworksSeedStep: SeedStep = {
  name: 'demo artworks and processes',
  run: async (db, options) => {
    if (!options.config.demoCollection) return
    const plan = await seedDemoArtworks(db, options)
    if (!plan) return
    const done = await seedDemoProcesses(db, options.config, plan)
    if (!process.env.VITEST)
      console.info(
        `demo office: ${done.processes} processes, ${done.events} events in ${done.ms} ms (${done.cpuMs} ms CPU)`,
      )
  },
}

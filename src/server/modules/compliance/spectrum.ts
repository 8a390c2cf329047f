// The Spectrum 5.1 compliance map: the standard's 21 procedures (the nine primary ones first), each with how far
// Vitrine supports it, said plainly — `full` when the app records the procedure end to end, `partial` when it
// records part of it (the note says which part is missing), `none` when nothing in the app carries it —, where
// (routes and process types), and the evidence read from the database at the time of asking: the processes of the
// supporting types (how many, the latest start) plus, for a procedure carried by records rather than processes,
// those records. A process type counts only while the registry declares it (`registeredTypes`): a type that lands
// later (deaccession and disposal, damage and loss, condition checks, object entry, loans in) changes its procedure's
// line without an edit here.
import { sql } from 'drizzle-orm'
import { declarationOf, registeredTypes } from '../../../../machines/registry'
import type { SpectrumMap, SpectrumProcedure, SpectrumSupport } from '../../../shared/contracts/compliance'
import type { ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../process/process-store'

type Words = { zh: string; en: string }

/** Records (not processes) that are evidence of a procedure: a statement answering `n` and `last`. */
type RecordEvidence = ReturnType<typeof sql>

interface ProcedureSpec {
  key: string
  nameZh: string
  nameEn: string
  primary: boolean
  /** Process types that carry it; only those registered now count. */
  types: string[]
  /** API routes that carry it, with how people name them. */
  routes: { route: string; label: Words }[]
  records?: RecordEvidence
  /** The support: fixed, or decided by which of its types are registered. */
  support: SpectrumSupport | ((registered: Set<string>) => SpectrumSupport)
  note: Words | ((registered: Set<string>) => Words)
}

const ARCHIVE = { zh: '艺术品档案', en: 'Artwork archive' }
const route = (r: string, zh: string, en: string) => ({ route: r, label: { zh, en } })

/** The procedures, in the standard's order: the nine primary ones, then the others. */
export const PROCEDURES: readonly ProcedureSpec[] = [
  {
    key: 'objectEntry',
    nameZh: '入馆登记',
    nameEn: 'Object entry',
    primary: true,
    types: ['OBJECT_ENTRY', 'BUY_ART', 'BUY_ART_TRANS'],
    routes: [
      route('POST /api/artworks', ARCHIVE.zh, ARCHIVE.en),
      route('GET /api/process/:id/entry-receipt.pdf', '入馆收据', 'Entry receipt'),
    ],
    support: (registered) => (registered.has('OBJECT_ENTRY') ? 'full' : 'partial'),
    note: (registered) =>
      registered.has('OBJECT_ENTRY')
        ? {
            zh: '非馆藏作品（洽购看货、估价、寄售）经作品入馆流程登记：寄存人、原因、预计归还日期、存放库房，出具中英文收据，最后归还寄存人或转为购买；每个流程登记一件作品。购买的作品经购买尽调与购买运输入库。',
            en: 'Works that are not owned (offered for purchase, left for valuation, consigned) are entered by the object entry process: depositor, reason, expected return date, the room, a receipt in both languages, then returned or bought; one work per entry. Purchases are received through the purchase and its shipping.',
          }
        : {
            zh: '作品经购买尽调与购买运输入库时登记；非购买的入馆（寄存、鉴定、借入前的接收）没有单独的入馆收据。',
            en: 'Works are received through the purchase and its shipping into a room; entries that are not purchases (deposits, enquiries, objects arriving for a loan) have no entry receipt of their own.',
          },
  },
  {
    key: 'acquisition',
    nameZh: '征集与入藏',
    nameEn: 'Acquisition and accessioning',
    primary: true,
    types: ['BUY_ART'],
    routes: [
      route('POST /api/artworks', ARCHIVE.zh, ARCHIVE.en),
      route('POST /api/artworks/:id/ownership', '所有权', 'Ownership'),
    ],
    support: 'full',
    note: {
      zh: '购买经审批、合同与付款完成后建立档案并编号（VT-年份-序号），所有权按期间记录。',
      en: 'A purchase is approved, contracted and paid, then the record is created and numbered (VT-year-number); ownership is recorded by periods.',
    },
  },
  {
    key: 'location',
    nameZh: '位置与移动管理',
    nameEn: 'Location and movement control',
    primary: true,
    types: ['OPERATION_TRANS_ART', 'BUY_ART_TRANS'],
    routes: [
      route('GET /api/warehouse/rooms/:id/contents', '库房', 'Warehouses'),
      route('GET /api/operations/movements', '移动记录', 'Movement ledger'),
    ],
    records: sql`select count(*)::int as n, max(at) as last from artwork_movements`,
    support: 'full',
    note: {
      zh: '每次位置变化都写入移动记录，任一日期的位置可查。',
      en: 'Every change of place writes a movement row; where a work was on any day can be read back.',
    },
  },
  {
    key: 'inventory',
    nameZh: '盘点',
    nameEn: 'Inventory',
    primary: true,
    types: ['INVENTORY_CHECK'],
    routes: [route('GET /api/stocktakes', '库房盘点', 'Stocktakes')],
    support: 'full',
    note: {
      zh: '按库房盘点，未找到的作品标记为遗失，可后续找回。',
      en: 'Rooms are counted; works not found are marked missing and may be found later.',
    },
  },
  {
    key: 'cataloguing',
    nameZh: '编目',
    nameEn: 'Cataloguing',
    primary: true,
    types: [],
    routes: [route('PUT /api/artworks/:id', ARCHIVE.zh, ARCHIVE.en)],
    records: sql`select count(*)::int as n, max(at) as last from artwork_history`,
    support: 'full',
    note: {
      zh: '完整档案（作者、尺寸、材质、签名、展览、拍卖、出版、来源），每次修改都留有版本。',
      en: 'The full record (artist, dimensions, materials, signature, exhibitions, auctions, literature, provenance), every change kept as a version.',
    },
  },
  {
    key: 'objectExit',
    nameZh: '出馆',
    nameEn: 'Object exit',
    primary: true,
    types: ['OPERATION_TRANS_ART', 'OPERATION_LOAN_EXHIBITION_ART', 'OPERATION_SELL_ART'],
    routes: [route('GET /api/operations/movements', '移动记录', 'Movement ledger')],
    support: 'partial',
    note: {
      zh: '作品离开库房记录在运输、借展或出售流程中（交接与状况）；没有独立的出馆收据。',
      en: 'A work leaving is recorded within a transport, loan or sale (hand-over and condition); there is no exit receipt of its own.',
    },
  },
  {
    key: 'loansIn',
    nameZh: '借入',
    nameEn: 'Loans in (borrowing objects)',
    primary: true,
    types: ['LOAN_IN'],
    routes: [],
    support: (registered) => (registered.has('LOAN_IN') ? 'full' : 'none'),
    note: (registered) =>
      registered.has('LOAN_IN')
        ? {
            zh: '借入协议（出借方、期限、费用、条件）、钉到钉保险、到达与状况、展出或存放、归还时与到达状况比对，都在借入流程中；借入作品不计入馆藏。',
            en: 'The loan agreement (lender, period, fee, conditions), nail-to-nail insurance, arrival with condition, on display or in store, and the return with the condition compared to the arrival are one process; borrowed works are never counted as owned.',
          }
        : {
            zh: '尚不支持借入他人的作品。',
            en: 'Borrowing other lenders’ objects is not supported.',
          },
  },
  {
    key: 'loansOut',
    nameZh: '借出',
    nameEn: 'Loans out (lending objects)',
    primary: true,
    types: ['OPERATION_LOAN_EXHIBITION_ART'],
    routes: [],
    support: 'full',
    note: {
      zh: '借展协议、保险、运输、归还与状况记录在一个流程中。',
      en: 'The loan agreement, insurance, transport, return and condition are one process.',
    },
  },
  {
    key: 'documentationPlanning',
    nameZh: '文档规划',
    nameEn: 'Documentation planning',
    primary: true,
    types: [],
    routes: [route('GET /api/datacentre/data-quality', '数据质量', 'Data quality')],
    records: sql`select count(*)::int as n, max(taken_at) as last from data_quality_snapshots`,
    support: 'partial',
    note: {
      zh: '文档缺漏按规则计数并每日留存趋势；尚无书面的文档计划与目标。',
      en: 'The documentation backlog is counted by rule and its trend kept daily; there is no written documentation plan with targets.',
    },
  },
  {
    key: 'conditionChecking',
    nameZh: '状况检查与技术评估',
    nameEn: 'Condition checking and technical assessment',
    primary: false,
    types: [
      'CONDITION_CHECK',
      'OPERATION_TRANS_ART',
      'BUY_ART_TRANS',
      'OPERATION_LOAN_EXHIBITION_ART',
      'OPERATION_REPAIR_ART',
      'OPERATION_MOUNT_ART',
    ],
    routes: [
      route('GET /api/artworks/:id/condition-reports', '状况报告', 'Condition reports'),
      route('GET /api/condition-checks/rules', '品相检查计划', 'Condition check schedule'),
    ],
    support: (registered) => (registered.has('CONDITION_CHECK') ? 'full' : 'partial'),
    note: (registered) =>
      registered.has('CONDITION_CHECK')
        ? {
            zh: '品相检查有专门流程：按作品或分类的周期规则每日自动发起，或在事故、运输之后发起；记录检查人、日期、等级、说明、照片与下次检查日期，经审批后进入作品的状况报告；需要时由此发起修复。交接时（出发、到达、归还、入库、装裱或修复完成）同样记录状况。',
            en: "Condition checks are a process of their own: started each day by rules per artwork or per category (every N months), or after an incident or a transport; each records who checked, when, the grade, notes, photographs and the next due date, and once approved joins the artwork's condition reports; a repair may follow. Condition is also recorded at hand-overs (departure, arrival, return, warehousing, back from mounting or repair).",
          }
        : {
            zh: '状况在交接时记录（出发、到达、归还、入库、装裱或修复完成）；没有独立的状况检查。',
            en: 'Condition is recorded at hand-overs (departure, arrival, return, warehousing, back from mounting or repair); there is no stand-alone condition check.',
          },
  },
  {
    key: 'conservation',
    nameZh: '藏品保护与修复',
    nameEn: 'Collections care and conservation',
    primary: false,
    types: ['OPERATION_REPAIR_ART', 'OPERATION_MOUNT_ART'],
    routes: [],
    support: 'partial',
    note: {
      zh: '修复与装裱有流程，定期品相检查按规则排期；没有环境监测与成文的预防性保护计划。',
      en: 'Repair and mounting are processes and periodic condition checks are scheduled by rule; there is no environmental monitoring or written preventive care plan.',
    },
  },
  {
    key: 'valuation',
    nameZh: '估值',
    nameEn: 'Valuation',
    primary: false,
    types: [],
    routes: [route('POST /api/valuations', '估值管理', 'Valuation')],
    records: sql`select count(*)::int as n, max(created_at) as last from valuations`,
    support: 'full',
    note: {
      zh: '每次估值有日期、币种、方法与估价人，可按日期回看藏品价值。',
      en: 'Each valuation is dated with its currency, method and valuer; the collection’s value can be read as of any day.',
    },
  },
  {
    key: 'insurance',
    nameZh: '保险与赔偿保证',
    nameEn: 'Insurance and indemnity',
    primary: false,
    types: ['INSURANCE_ANNUAL', 'INSURANCE_OPERATION', 'INSURANCE_RENEWAL', 'INSURANCE_PAYOUT'],
    routes: [route('GET /api/insurance/policies', '保险', 'Insurance')],
    support: 'partial',
    note: {
      zh: '保单、承保作品、续保与理赔均有流程；政府赔偿保证不在其中。',
      en: 'Policies, the works they cover, renewals and claims are processes; government indemnity is not covered.',
    },
  },
  {
    key: 'emergencyPlanning',
    nameZh: '藏品应急计划',
    nameEn: 'Emergency planning for collections',
    primary: false,
    types: [],
    routes: [route('GET /api/warehouse/rooms/:id/emergency.pdf', '库房抢救清单', 'Room grab sheet')],
    records: sql`select count(*)::int as n, max(updated_at) as last from artworks where salvage_priority is not null`,
    support: 'partial',
    note: {
      zh: '每件作品可设抢救优先级与搬运说明，每个库房可打印抢救清单；没有应急预案文件、联系人与演练记录。',
      en: 'Each work may have a salvage priority and handling notes, and each room prints its grab sheet; there is no emergency plan document, contacts or drill records.',
    },
  },
  {
    key: 'damageLoss',
    nameZh: '损坏与遗失',
    nameEn: 'Damage and loss',
    primary: false,
    types: ['DAMAGE_LOSS', 'INSURANCE_PAYOUT'],
    routes: [],
    support: (registered) => (registered.has('DAMAGE_LOSS') ? 'full' : 'partial'),
    note: (registered) =>
      registered.has('DAMAGE_LOSS')
        ? {
            zh: '损坏与遗失有专门流程，理赔经保险流程。',
            en: 'Damage and loss have a process of their own; claims go through the insurance process.',
          }
        : {
            zh: '只有保险理赔与盘点中的遗失记录；没有损坏与遗失的专门流程。',
            en: 'Only insurance claims and works found missing at a stocktake are recorded; there is no damage and loss process.',
          },
  },
  {
    key: 'deaccession',
    nameZh: '注销与处置',
    nameEn: 'Deaccessioning and disposal',
    primary: false,
    types: ['DEACCESSION', 'OPERATION_SELL_ART'],
    routes: [],
    support: (registered) => (registered.has('DEACCESSION') ? 'full' : 'partial'),
    note: (registered) =>
      registered.has('DEACCESSION')
        ? {
            zh: '注销有专门流程；出售作为处置方式之一。',
            en: 'Deaccessioning has a process of its own; a sale is one way of disposal.',
          }
        : {
            zh: '只有出售这一种处置方式；没有注销决定的流程。',
            en: 'Sale is the only disposal recorded; there is no process for the decision to deaccession.',
          },
  },
  {
    key: 'rightsManagement',
    nameZh: '权利管理',
    nameEn: 'Rights management',
    primary: false,
    types: [],
    routes: [route('PUT /api/artworks/:id', '档案媒体文件', 'Archive media')],
    records: sql`select count(*)::int as n, null::timestamptz as last from artwork_media
      where rights->>'holder' <> '' or rights->>'licence' <> ''`,
    support: 'partial',
    note: {
      zh: '每个媒体文件可记录权利人、许可、署名与限制；作品本身的著作权与许可到期未管理。',
      en: 'Each media file records its rights holder, licence, credit and restrictions; rights in the works themselves and licence expiry are not managed.',
    },
  },
  {
    key: 'reproduction',
    nameZh: '复制',
    nameEn: 'Reproduction',
    primary: false,
    types: ['OPERATION_SHOT_ART', 'OPERATION_REPLICA_ART'],
    routes: [],
    support: 'partial',
    note: {
      zh: '拍摄与复制有流程；没有外部复制申请的处理。',
      en: 'Photography and replication are processes; requests for reproductions from outside are not handled.',
    },
  },
  {
    key: 'collectionsReview',
    nameZh: '藏品评审',
    nameEn: 'Collections review',
    primary: false,
    types: [],
    routes: [],
    support: 'none',
    note: {
      zh: '没有藏品评审的流程或记录。',
      en: 'There is no process or record of a collections review.',
    },
  },
  {
    key: 'audit',
    nameZh: '审计',
    nameEn: 'Audit',
    primary: false,
    types: ['INVENTORY_CHECK'],
    routes: [route('GET /api/audit/verify', '系统日志', 'System log')],
    support: 'partial',
    note: {
      zh: '流程历史、档案历史与系统日志防篡改并每日校验；没有抽样核对作品与记录的审计流程。',
      en: 'The process and record histories and the system log are tamper-evident and verified daily; there is no sampled audit of works against their records.',
    },
  },
  {
    key: 'useOfCollections',
    nameZh: '藏品利用',
    nameEn: 'Use of collections',
    primary: false,
    types: ['OPERATION_LOAN_EXHIBITION_ART', 'OPERATION_SHOT_ART'],
    routes: [route('POST /api/shares', '分享链接', 'Share links')],
    records: sql`select count(*)::int as n, max(created_at) as last from shares`,
    support: 'partial',
    note: {
      zh: '借展、拍摄与分享链接有记录；没有研究或参观利用的申请。',
      en: 'Loans, photography and share links are recorded; requests to study or view the works are not.',
    },
  },
]

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString()

/** The map, its evidence read now. */
export async function spectrumMap(db: DbOrTx, now = new Date()): Promise<SpectrumMap> {
  const registered = new Set<string>(registeredTypes())
  const allTypes = [...new Set(PROCEDURES.flatMap((p) => p.types))].filter((t) => registered.has(t))
  const byType = new Map(
    rowsOf<{ type: string; n: number; last: unknown }>(
      allTypes.length
        ? await db.execute(sql`select type, count(*)::int as n, max(created_at) as last from processes
            where type in (${sql.join(
              allTypes.map((t) => sql`${t}`),
              sql`, `,
            )}) group by type`)
        : [],
    ).map((r) => [r.type, { n: Number(r.n), last: iso(r.last) }]),
  )
  const records = await Promise.all(
    PROCEDURES.map(async (p) => {
      if (!p.records) return { n: 0, last: null as string | null }
      const [row] = rowsOf<{ n: number; last: unknown }>(await db.execute(p.records))
      return { n: Number(row?.n ?? 0), last: iso(row?.last) }
    }),
  )
  const procedures: SpectrumProcedure[] = PROCEDURES.map((p, i) => {
    const types = p.types.filter((t) => registered.has(t))
    let count = records[i].n
    let lastAt = records[i].last
    for (const t of types) {
      const e = byType.get(t)
      if (!e) continue
      count += e.n
      if (e.last && (!lastAt || e.last > lastAt)) lastAt = e.last
    }
    const note = typeof p.note === 'function' ? p.note(registered) : p.note
    return {
      key: p.key,
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      primary: p.primary,
      support: typeof p.support === 'function' ? p.support(registered) : p.support,
      where: [...p.routes.map((r) => r.route), ...types],
      whereLabels: [
        ...p.routes.map((r) => r.label),
        ...types.map((t) => {
          const label = declarationOf(t as ProcessType).label
          return { zh: label['zh-CN'], en: label.en }
        }),
      ],
      noteZh: note.zh,
      noteEn: note.en,
      evidence: { count, lastAt },
    }
  })
  const totals = { full: 0, partial: 0, none: 0 }
  for (const p of procedures) totals[p.support] += 1
  return { standard: 'Spectrum 5.1', computedAt: now.toISOString(), procedures, totals }
}

// Shapes of the reference data: the reference-data calls of docs/architecture.md § Reference-data calls (dictionaries, trees, tags, entity lists, countries,
// rooms) and the admin API that maintains them. Shared by the server (validation, OpenAPI) and the web.
import { z } from 'zod'
import { nameText, optionalNameText } from '../validation'

// ---------------------------------------------------------------------------------------------------
// Catalogue

/**
 * Every dictionary of docs/architecture.md § Reference-data calls. `tree` dictionaries nest (parentId); `source: 'countries'` is
 * served from the countries table (one list to maintain), every other one from dictionary items.
 * `LITERATU_RECORD_TYPERE` keeps the spelling clients send.
 */
export const DICTIONARIES = {
  FIN_FEE_ATTRIBUTION: { nameZh: '费用归属', nameEn: 'Cost attribution', tree: false, source: 'items' },
  PACKAGING_TYPE: { nameZh: '包装方式', nameEn: 'Packaging type', tree: false, source: 'items' },
  EVENT_TYPE: { nameZh: '事件类型', nameEn: 'Event type', tree: false, source: 'items' },
  LITERATU_RECORD_TYPERE: {
    nameZh: '出版著录类型',
    nameEn: 'Literature record type',
    tree: false,
    source: 'items',
  },
  ART_PIC_TYPE: { nameZh: '作品图片类型', nameEn: 'Artwork picture type', tree: false, source: 'items' },
  CURRENCY: { nameZh: '币种', nameEn: 'Currency', tree: false, source: 'items' },
  ARCHIVED_TYPE: { nameZh: '归档资料类型', nameEn: 'Archived document type', tree: false, source: 'items' },
  ART_CONTRACT_TYPE: {
    nameZh: '艺术品合同类型',
    nameEn: 'Artwork contract type',
    tree: false,
    source: 'items',
  },
  TRANSPORT_PAY_TYPE: {
    nameZh: '运输费用承担方式',
    nameEn: 'Transport payment type',
    tree: false,
    source: 'items',
  },
  COUNTRY: { nameZh: '国家/地区', nameEn: 'Country or region', tree: false, source: 'countries' },
  TRANSPORT_TYPE: { nameZh: '运输方式', nameEn: 'Transport type', tree: false, source: 'items' },
  INSURE_FEE_CALC_TYPE: {
    nameZh: '保费计算方式',
    nameEn: 'Insurance fee calculation',
    tree: false,
    source: 'items',
  },
  EX_PURPOSE: { nameZh: '展览目的', nameEn: 'Exhibition purpose', tree: false, source: 'items' },
  REPLICA_TYPE: { nameZh: '复制品类型', nameEn: 'Replica type', tree: false, source: 'items' },
  PAYMENT_PROPERTY: { nameZh: '付款性质', nameEn: 'Payment property', tree: false, source: 'items' },
  COMPANY_BUDGET: { nameZh: '公司预算科目', nameEn: 'Company budget', tree: false, source: 'items' },
  INCOME_FUND_SUBJECT: {
    nameZh: '收入资金科目',
    nameEn: 'Income and fund subject',
    tree: true,
    source: 'items',
  },
  AGREEMENT_CONTRACT_TYPE: {
    nameZh: '协议合同类型',
    nameEn: 'Agreement contract type',
    tree: true,
    source: 'items',
  },
} as const satisfies Record<
  string,
  { nameZh: string; nameEn: string; tree: boolean; source: 'items' | 'countries' }
>

export type DictCode = keyof typeof DICTIONARIES
export const DICT_CODES = Object.keys(DICTIONARIES) as DictCode[]
/** The dictionaries kept as dictionary items (all but COUNTRY). */
export type ItemDictCode = Exclude<DictCode, 'COUNTRY'>
export const ITEM_DICT_CODES = DICT_CODES.filter((c) => DICTIONARIES[c].source === 'items') as [
  ItemDictCode,
  ...ItemDictCode[],
]

export function isDictCode(code: string): code is DictCode {
  return Object.hasOwn(DICTIONARIES, code)
}

/** The parent tags of docs/architecture.md § Records, by their stable code (`parentTagId` accepts the code or the numeric id). */
export const TAG_PARENTS = [
  'CREATION_MEDIUM',
  'PERIOD',
  'INVEST_MARKET',
  'INCOME_STAGE',
  'ARTIST_STAGE',
  'ARTWORK_LABEL',
] as const
export type TagParentCode = (typeof TAG_PARENTS)[number]

export const VENDOR_KINDS = [
  'shipper',
  'insurer',
  'framer',
  'conservator',
  'photographer',
  'auction_house',
] as const
export type VendorKind = (typeof VENDOR_KINDS)[number]
export const VENDOR_KIND_LABELS = {
  shipper: { 'zh-CN': '运输商', en: 'Shipper' },
  insurer: { 'zh-CN': '保险公司', en: 'Insurer' },
  framer: { 'zh-CN': '装裱商', en: 'Framer' },
  conservator: { 'zh-CN': '修复师', en: 'Conservator' },
  photographer: { 'zh-CN': '摄影师', en: 'Photographer' },
  auction_house: { 'zh-CN': '拍卖行', en: 'Auction house' },
} as const satisfies Record<VendorKind, { 'zh-CN': string; en: string }>

/** Icon names of rooms; the web maps each to a picture. */
export const ROOM_ICONS = ['freeport', 'vault', 'warehouse', 'office', 'gallery', 'residence'] as const
export type RoomIcon = (typeof ROOM_ICONS)[number]

// ---------------------------------------------------------------------------------------------------
// Query parameters of the reference-data calls. An empty parameter (`?level=`) counts as absent: the client skips
// empty GET parameters and the server reads them the same way.

const absentIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
/** A required query parameter; empty means missing. */
export const requiredParam = <T extends z.ZodType>(schema: T) => z.preprocess(absentIfEmpty, schema)
/** An optional query parameter; empty means absent. */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess(absentIfEmpty, schema.optional())

const dictCodeParam = requiredParam(z.string().trim().max(64))

export const dictionaryQuery = z.object({ dictCode: dictCodeParam })
/** `level` counts from 1 (the top items alone); absent means the whole tree. */
export const childTreeQuery = z.object({
  dictCode: dictCodeParam,
  level: optionalParam(z.coerce.number({ message: 'digitsOnly' }).int().min(1).max(20)),
})
/** `parentTagId`: a tag id (digits) or a parent tag code; absent lists the parent tags themselves. */
export const tagQuery = z.object({ parentTagId: optionalParam(z.string().trim().max(64)) })

// ---------------------------------------------------------------------------------------------------
// Items of the reference-data calls: value, label (in the request's language), labelZh, labelEn, sort.

export const referenceItem = z.object({
  value: z.string(),
  label: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  sort: z.number(),
})
export type ReferenceItem = z.infer<typeof referenceItem>

export type TreeItem = ReferenceItem & { children: TreeItem[] }
export const treeItem: z.ZodType<TreeItem> = z
  .lazy(() => referenceItem.extend({ children: z.array(treeItem) }))
  .meta({ id: 'ReferenceTreeItem' })
/** A dictionary answer: flat items, or items with children for trees. */
export type DictionaryItem = ReferenceItem & { children?: DictionaryItem[] }
export const dictionaryItem: z.ZodType<DictionaryItem> = z
  .lazy(() => referenceItem.extend({ children: z.array(dictionaryItem).optional() }))
  .meta({ id: 'DictionaryItem' })

export const tagItem = referenceItem.extend({
  id: z.number(),
  code: z.string().nullable(),
  parentId: z.number().nullable(),
})
export type TagItem = z.infer<typeof tagItem>

export const countryItem = referenceItem.extend({ code: z.string() })
export type CountryItem = z.infer<typeof countryItem>

export const userOption = referenceItem.extend({
  id: z.string(),
  /** The sign-in name: only for callers who manage accounts (authManage:view). */
  username: z.string().optional(),
  displayName: z.string(),
  organizationId: z.number().nullable(),
})
export type UserOption = z.infer<typeof userOption>

export const organizationOption = referenceItem.extend({ id: z.number(), code: z.string() })
export type OrganizationOption = z.infer<typeof organizationOption>

export const enterpriseOption = referenceItem.extend({
  id: z.string(),
  code: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  currency: z.string(),
  registrationNo: z.string(),
})
export type EnterpriseOption = z.infer<typeof enterpriseOption>

export const vendorOption = referenceItem.extend({
  id: z.string(),
  number: z.string(),
  kind: z.enum(VENDOR_KINDS),
  kindLabel: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  region: z.string(),
  legalName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bankSwift: z.string(),
  bankAddress: z.string(),
  bankLocalCode: z.string(),
})
export type VendorOption = z.infer<typeof vendorOption>

export const roomOption = referenceItem.extend({
  id: z.string(),
  code: z.string(),
  liaison: z.string(),
  email: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  icon: z.enum(ROOM_ICONS),
  location: z.string(),
  capacity: z.number().nullable(),
})
export type RoomOption = z.infer<typeof roomOption>

// ---------------------------------------------------------------------------------------------------
// Admin inputs (authManage:referenceData). Both names are required; codes and values are identities:
// set at creation, never edited (disable the old record and create a new one instead).

const name = nameText(100)
const sort = z.number().int().min(0).max(99999).default(0)
const enabled = z.boolean().default(true)
const code = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(max)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { message: 'invalidValue' })
const optional = (max: number) => z.string().trim().max(max).default('')
const countryCode = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .regex(/^[A-Z]{2}$/, { message: 'invalidValue' })
const email = z.union([z.literal(''), z.email().max(200)])

export const dictItemEdit = z.strictObject({
  labelZh: name,
  labelEn: name,
  sort,
  parentId: z.number().int().positive().nullable().default(null),
  enabled,
})
export const dictItemCreate = dictItemEdit.extend({
  dictCode: z.enum(ITEM_DICT_CODES, {
    error: (issue) => (issue.input === undefined ? 'required' : 'unknownDictCode'),
  }),
  value: code(64),
})
export type DictItemCreate = z.input<typeof dictItemCreate>

export const tagEdit = z.strictObject({
  nameZh: name,
  nameEn: name,
  sort,
  parentId: z.number().int().positive().nullable().default(null),
  enabled,
})
export const tagCreate = tagEdit.extend({
  code: z.union([z.literal(''), code(64)]).default(''),
})

export const countryEdit = z.strictObject({ nameZh: name, nameEn: name, sort, enabled })
export const countryCreate = countryEdit.extend({ code: countryCode })

export const organizationEdit = z.strictObject({ nameZh: name, nameEn: name, sort, enabled })
export const organizationCreate = organizationEdit.extend({ code: code(32) })

export const enterpriseEdit = z.strictObject({
  nameZh: name,
  nameEn: name,
  countryCode,
  currency: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .regex(/^[A-Z]{3}$/, { message: 'invalidValue' }),
  registrationNo: optional(64),
  sort,
  enabled,
})
export const enterpriseCreate = enterpriseEdit.extend({ code: code(32) })

const BANK_REQUIRED = ['bankName', 'bankAccountName', 'bankAccountNo'] as const
const BANK_FIELDS = [...BANK_REQUIRED, 'bankSwift', 'bankAddress', 'bankLocalCode'] as const

const vendorShape = {
  nameZh: name,
  nameEn: name,
  kind: z.enum(VENDOR_KINDS),
  countryCode,
  region: optional(100),
  legalName: nameText(200),
  contactName: optionalNameText(100).default(''),
  contactEmail: email.default(''),
  contactPhone: optional(40).pipe(z.string().regex(/^[0-9+()\-\s]*$/, { message: 'invalidValue' })),
  bankName: optionalNameText(200).default(''),
  bankAccountName: optionalNameText(200).default(''),
  bankAccountNo: optional(64).pipe(z.string().regex(/^[A-Za-z0-9\-\s]*$/, { message: 'invalidValue' })),
  bankSwift: optional(11).pipe(
    z.string().regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, { message: 'invalidValue' }),
  ),
  bankAddress: optional(300),
  bankLocalCode: optional(40),
  sort,
  enabled,
}

function vendorRules(v: z.infer<z.ZodObject<typeof vendorShape>>, ctx: z.RefinementCtx) {
  // Bank details come complete or not at all (payments check the rest of the payee rules).
  if (BANK_FIELDS.some((f) => v[f] !== '')) {
    for (const f of BANK_REQUIRED) {
      if (v[f] === '') ctx.addIssue({ code: 'custom', path: [f], message: 'payeeIncomplete' })
    }
  }
  // docs/architecture.md § Input rules: payee names outside mainland China must be in English.
  if (v.countryCode !== 'CN' && /[^\u0020-\u024F]/.test(v.bankAccountName)) {
    ctx.addIssue({ code: 'custom', path: ['bankAccountName'], message: 'payeeNameEnglish' })
  }
}

export const vendorEdit = z.strictObject(vendorShape).superRefine(vendorRules)
export const vendorCreate = z.strictObject({ ...vendorShape, number: code(32) }).superRefine(vendorRules)

/** A climate target (°C or % relative humidity, one decimal), or null when not set. */
const climate = (min: number, max: number) =>
  z
    .number({ message: 'invalidValue' })
    .min(min, { message: 'invalidValue' })
    .max(max, { message: 'invalidValue' })
    .transform((v) => Math.round(v * 10) / 10)
    .nullable()
    .default(null)

const roomShape = {
  nameZh: name,
  nameEn: name,
  liaison: nameText(100),
  email: z.email({ message: 'invalidEmail' }).max(200),
  countryCode,
  icon: z.enum(ROOM_ICONS),
  location: z.string().trim().min(1, { message: 'required' }).max(300),
  capacity: z.number().int().min(0).max(1_000_000).nullable().default(null),
  temperatureMin: climate(-50, 60),
  temperatureMax: climate(-50, 60),
  humidityMin: climate(0, 100),
  humidityMax: climate(0, 100),
  sort,
  enabled,
}

/** A room's own rules beyond single fields (the rules that need the database are the server's: entities.ts). */
function roomRules(v: z.infer<z.ZodObject<typeof roomShape>>, ctx: z.RefinementCtx) {
  for (const [min, max] of [
    ['temperatureMin', 'temperatureMax'],
    ['humidityMin', 'humidityMax'],
  ] as const) {
    const low = v[min]
    const high = v[max]
    if (low !== null && high !== null && low > high)
      ctx.addIssue({ code: 'custom', path: [min], message: 'minAboveMax' })
  }
}

/** Rooms: the admin path (/api/reference/rooms) and the warehouse screens (/api/warehouse/rooms) share these. */
export const roomEdit = z.strictObject(roomShape).superRefine(roomRules)
export const roomCreate = z.strictObject({ ...roomShape, code: code(32) }).superRefine(roomRules)
export type RoomEdit = z.input<typeof roomEdit>
export type RoomCreate = z.input<typeof roomCreate>

/** Admin list filters shared by every reference list (empty parameters count as absent). */
export const adminListQuery = z.object({
  page: optionalParam(z.coerce.number().int().min(1)).transform((v) => v ?? 1),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(200)).transform((v) => v ?? 20),
  keyword: optionalParam(z.string().trim().max(100)),
  enabled: optionalParam(z.enum(['true', 'false'])),
})

// ---------------------------------------------------------------------------------------------------
// Admin views: the record as stored, with its label in the request's language.

const stamps = { enabled: z.boolean(), createdAt: z.string(), updatedAt: z.string() }

export const dictionaryView = z.object({
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  tree: z.boolean(),
  source: z.enum(['items', 'countries']),
  itemCount: z.number(),
})
export const dictItemView = z.object({
  id: z.number(),
  dictCode: z.string(),
  value: z.string(),
  label: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  sort: z.number(),
  parentId: z.number().nullable(),
  /** 1 for top items; trees count down from there. */
  level: z.number(),
  ...stamps,
})
export type DictItemView = z.infer<typeof dictItemView>

const named = { name: z.string(), nameZh: z.string(), nameEn: z.string(), sort: z.number() }
export const tagView = z.object({
  id: z.number(),
  code: z.string().nullable(),
  parentId: z.number().nullable(),
  ...named,
  ...stamps,
})
export const countryView = z.object({ code: z.string(), ...named, ...stamps })
export const organizationView = z.object({ id: z.number(), code: z.string(), ...named, ...stamps })
export const enterpriseView = z.object({
  id: z.string(),
  code: z.string(),
  ...named,
  countryCode: z.string(),
  countryName: z.string(),
  currency: z.string(),
  registrationNo: z.string(),
  ...stamps,
})
export const vendorView = z.object({
  id: z.string(),
  number: z.string(),
  ...named,
  kind: z.enum(VENDOR_KINDS),
  kindLabel: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  region: z.string(),
  legalName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  bankName: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bankSwift: z.string(),
  bankAddress: z.string(),
  bankLocalCode: z.string(),
  ...stamps,
})
export const roomView = z.object({
  id: z.string(),
  code: z.string(),
  ...named,
  liaison: z.string(),
  email: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  icon: z.enum(ROOM_ICONS),
  location: z.string(),
  capacity: z.number().nullable(),
  temperatureMin: z.number().nullable(),
  temperatureMax: z.number().nullable(),
  humidityMin: z.number().nullable(),
  humidityMax: z.number().nullable(),
  ...stamps,
})
export type RoomView = z.infer<typeof roomView>

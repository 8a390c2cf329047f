// The family office's legal entities (a tree), who owns each artwork in which share from which day, the
// pledges of artworks to lenders, and what each entity holds on a day. Shares are decimal strings with two
// places that add up to exactly 100.00; a period of ownership runs from its first day up to (not including)
// the first day of the next.
import { z } from 'zod'
import { isoDate, nameText, optionalText, text } from '../validation'

export const LEGAL_ENTITY_KINDS = ['person', 'company', 'trust', 'foundation', 'fund'] as const
export type LegalEntityKind = (typeof LEGAL_ENTITY_KINDS)[number]

/** A share of ownership: above 0, at most 100, at most two decimals. */
export const SHARE_RE = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/

export const entityInput = z.strictObject({
  nameZh: nameText(100),
  nameEn: nameText(100),
  kind: z.enum(LEGAL_ENTITY_KINDS, { message: 'invalidValue' }),
  /** ISO 3166-1 alpha-2 (a country of the reference data). */
  jurisdiction: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'unknownJurisdiction' }),
  parentId: z.uuid({ message: 'entityNotFound' }).nullish(),
})
export type EntityInput = z.infer<typeof entityInput>

export interface EntityNode {
  id: string
  nameZh: string
  nameEn: string
  /** In the request's language. */
  name: string
  kind: LegalEntityKind
  jurisdiction: string
  parentId: string | null
  children: EntityNode[]
}
export const entityNode: z.ZodType<EntityNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    name: z.string(),
    kind: z.enum(LEGAL_ENTITY_KINDS),
    jurisdiction: z.string(),
    parentId: z.string().nullable(),
    children: z.array(entityNode),
  }),
)
/**
 * The tree as the API document describes it: each node's children are nodes again, left unconstrained
 * there (the document has no recursive schemas); the web reads the answer with `entityNode`.
 */
export const entityNodeDocument = z.object({
  id: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  name: z.string(),
  kind: z.enum(LEGAL_ENTITY_KINDS),
  jurisdiction: z.string(),
  parentId: z.string().nullable(),
  /** The entities under it, each a node of this shape. */
  children: z.unknown(),
})
export const entityView = z.object({
  id: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  kind: z.enum(LEGAL_ENTITY_KINDS),
  jurisdiction: z.string(),
  parentId: z.string().nullable(),
})
export type EntityView = z.infer<typeof entityView>

const share = z
  .string()
  .trim()
  .regex(SHARE_RE, { message: 'invalidShare' })
  .refine((v) => Number(v) > 0, { message: 'invalidShare' })

export const ownershipInput = z.strictObject({
  owners: z
    .array(z.strictObject({ entityId: z.uuid({ message: 'entityNotFound' }), sharePercent: share }))
    .min(1, { message: 'required' })
    .max(50),
  from: isoDate,
  note: optionalText(500).optional(),
})
export type OwnershipInput = z.infer<typeof ownershipInput>

export const ownerShare = z.object({
  entityId: z.string(),
  sharePercent: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
})
export const ownershipPeriod = ownerShare.extend({
  from: z.string(),
  /** The first day it no longer held (null: it still holds). */
  to: z.string().nullable(),
  note: z.string(),
})
export const ownershipView = z.object({
  current: z.array(ownerShare),
  history: z.array(ownershipPeriod),
})
export type OwnershipView = z.infer<typeof ownershipView>

export const bulkOwnershipInput = ownershipInput.extend({
  artworkIds: z
    .array(z.uuid({ message: 'invalidValue' }))
    .min(1, { message: 'required' })
    .max(500),
})

export const pledgeInput = z
  .strictObject({
    lender: text(200),
    from: isoDate,
    to: isoDate.nullish(),
    note: optionalText(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'pledgeEndsBeforeStart' })
  })
export type PledgeInput = z.infer<typeof pledgeInput>

export const pledgeView = z.object({
  id: z.string(),
  lender: z.string(),
  from: z.string(),
  /** The last day of the pledge (null: until released). */
  to: z.string().nullable(),
  note: z.string(),
  /** Whether it runs on the office's today. */
  active: z.boolean(),
})
export type PledgeView = z.infer<typeof pledgeView>

export const holdingsQuery = z.object({
  at: isoDate.optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { message: 'invalidValue' })
    .optional(),
})
export const holdingsView = z.object({
  at: z.string(),
  currency: z.string(),
  count: z.number(),
  /** The share-weighted values converted into `currency` (amounts without a rate are not in it). Null, with
   * every value below: the user may not see values. */
  total: z.string().nullable(),
  unconverted: z.array(z.object({ artworkId: z.string(), value: z.string(), currency: z.string() })),
  artworks: z.array(
    z.object({
      artworkId: z.string(),
      inventoryNo: z.string(),
      titleZh: z.string(),
      titleEn: z.string(),
      /** The shares the entity and its descendants hold together. */
      sharePercent: z.string(),
      /** The share of its valuation on `at`, in the valuation's currency (null: never valued by then). */
      value: z.string().nullable(),
      currency: z.string().nullable(),
      converted: z.string().nullable(),
      pledged: z.boolean(),
    }),
  ),
})
export type HoldingsView = z.infer<typeof holdingsView>

/** The collection split by owner on a day: each top-level entity with those under it, share-weighted. */
export const ownerSplit = z.object({
  at: z.string(),
  currency: z.string(),
  entities: z.array(
    z.object({
      entityId: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      /** Artworks it (or one under it) owned a share of. */
      count: z.number(),
      /** The share-weighted values converted into `currency` (null: the user may not see values). */
      total: z.string().nullable(),
      /** How many of its values had no rate that day (not in `total`). */
      unconverted: z.number(),
    }),
  ),
})
export type OwnerSplit = z.infer<typeof ownerSplit>

// Shapes of the stocktakes API (/api/stocktakes): the INVENTORY_CHECK list by outcome (in progress,
// completed, uncompleted, terminated) with each count's room, date, counters and found / missing figures;
// one stocktake's result artwork by artwork (read from its process steps); and the warehouse summary per room
// (artworks held now, value per currency, last stocktake, artworks missing, movements in and out per month).
// The server validates and documents with them, the web parses.
import { z } from 'zod'
import { STOCKTAKE_SHOWS, type StocktakeShow } from '../stocktake-shows'
import { pageQuery } from '../validation'
import { artworkBrief, placeView, processBrief } from './operations'

const uuid = z.uuid({ message: 'invalidValue' })

export { STOCKTAKE_SHOWS, type StocktakeShow }

/** A room as the screens name it (both languages; the screen picks). */
export const roomBrief = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  enabled: z.boolean(),
})
export type RoomBrief = z.infer<typeof roomBrief>

/** GET /api/stocktakes?show=&roomId=&page=&pageSize= */
export const stocktakeListQuery = pageQuery.extend({
  show: z.enum(STOCKTAKE_SHOWS, { message: 'invalidValue' }).optional(),
  roomId: uuid.optional(),
})
export type StocktakeListQuery = z.input<typeof stocktakeListQuery>

export const stocktakeItem = z.object({
  process: processBrief,
  show: z.enum(STOCKTAKE_SHOWS),
  room: roomBrief.nullable(),
  plannedOn: z.string().nullable(),
  /** The count's date (null until the count is submitted). */
  countedOn: z.string().nullable(),
  counters: z.string(),
  found: z.number(),
  missing: z.number(),
  /** Of the missing: found since / still missing (once the discrepancies are submitted). */
  foundLater: z.number(),
  stillMissing: z.number(),
})
export type StocktakeItem = z.infer<typeof stocktakeItem>

export const stocktakePage = z.object({
  list: z.array(stocktakeItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object(
    Object.fromEntries(STOCKTAKE_SHOWS.map((k) => [k, z.number()])) as Record<StocktakeShow, z.ZodNumber>,
  ),
})
export type StocktakePage = z.infer<typeof stocktakePage>

/** found: seen at the count; missing: not seen, not accounted for yet; foundLater / stillMissing: the discrepancies' outcome. */
export const STOCKTAKE_RESULTS = ['found', 'missing', 'foundLater', 'stillMissing'] as const
export type StocktakeResult = (typeof STOCKTAKE_RESULTS)[number]

/** GET /api/stocktakes/{id}: one stocktake's result per artwork. */
export const stocktakeDetail = stocktakeItem.extend({
  remark: z.string(),
  explanation: z.string(),
  artworks: z.array(
    z.object({ artwork: artworkBrief, result: z.enum(STOCKTAKE_RESULTS), whereNow: placeView }),
  ),
})
export type StocktakeDetail = z.infer<typeof stocktakeDetail>

/** GET /api/stocktakes/summary?roomId= */
export const summaryQuery = z.object({ roomId: uuid.optional() })
export type SummaryQuery = z.input<typeof summaryQuery>

/** A sum of money in one currency: never added across currencies. */
export const currencyAmount = z.object({ currency: z.string(), amount: z.string(), artworks: z.number() })
export type CurrencyAmount = z.infer<typeof currencyAmount>

export const monthMovements = z.object({
  /** yyyy-MM (UTC). */
  month: z.string(),
  in: z.number(),
  out: z.number(),
})
export type MonthMovements = z.infer<typeof monthMovements>

export const roomSummary = z.object({
  room: roomBrief,
  location: z.string(),
  capacity: z.number().nullable(),
  /** Artworks in the room now. */
  artworks: z.number(),
  /** Latest valuations of those artworks, one figure per currency. */
  values: z.array(currencyAmount),
  /** Artworks in the room without a valuation. */
  unvalued: z.number(),
  lastStocktake: z
    .object({
      processId: z.string(),
      countedOn: z.string().nullable(),
      finishedAt: z.string().nullable(),
      show: z.enum(STOCKTAKE_SHOWS),
      found: z.number(),
      missing: z.number(),
    })
    .nullable(),
  /** Artworks missing now whose last known room this was. */
  missing: z.number(),
  /** The last 12 months, oldest first. */
  movements: z.array(monthMovements),
})
export type RoomSummary = z.infer<typeof roomSummary>

export const warehouseSummary = z.object({
  rooms: z.array(roomSummary),
  totals: z.object({
    artworks: z.number(),
    values: z.array(currencyAmount),
    missing: z.number(),
    movements: z.array(monthMovements),
  }),
})
export type WarehouseSummary = z.infer<typeof warehouseSummary>

/** GET /api/stocktakes/inbound: batches (BUY_ART_TRANS) awaiting their warehousing form or its approval. */
export const inboundQuery = pageQuery
export const inboundItem = z.object({
  process: processBrief,
  artworks: z.array(artworkBrief),
  /** Where the batch came from, and when it arrived (the transport's form and its ARRIVE report). */
  origin: z.string(),
  arrivedOn: z.string().nullable(),
  /** The transport named a room on arrival. */
  arrivalRoom: roomBrief.nullable(),
})
export type InboundItem = z.infer<typeof inboundItem>
export const inboundPage = z.object({
  list: z.array(inboundItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type InboundPage = z.infer<typeof inboundPage>

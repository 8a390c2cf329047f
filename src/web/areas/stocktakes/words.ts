// Words of the stocktake and warehouse screens: a room by its name in the language shown, each stocktake
// result and outcome, and money in one currency (never added across currencies).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RoomBrief, StocktakeResult, StocktakeShow } from '../../../shared/contracts/stocktakes'
import type { Lang } from '../../../shared/errors'

export function roomName(room: Pick<RoomBrief, 'nameZh' | 'nameEn' | 'code'>, lang: Lang): string {
  return (lang === 'en' ? room.nameEn || room.nameZh : room.nameZh || room.nameEn) || room.code
}

export const RESULT_WORDS: Record<StocktakeResult, MessageDescriptor> = {
  found: msg`Found`,
  missing: msg`Missing`,
  foundLater: msg`Found later`,
  stillMissing: msg`Still missing`,
}

export const RESULT_COLORS: Record<StocktakeResult, string> = {
  found: 'teal',
  missing: 'orange',
  foundLater: 'blue',
  stillMissing: 'red',
}

export const SHOW_WORDS: Record<StocktakeShow, MessageDescriptor> = {
  inProgress: msg`In progress`,
  completed: msg`Completed`,
  uncompleted: msg`Uncompleted`,
  terminated: msg`Terminated`,
}

/** "CNY 1,234.50": one currency's figure. */

// Words of the archive screens that are not reference data: the sort keys, the record's field names (the
// history lists changes by field), the records lists, the summary's groups, media kinds and movement
// kinds. Statuses come in both languages from src/shared (the labels the Excel export writes too).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DimensionKind, RecordKind } from '../../../shared/artwork-rules'
import {
  ARTWORK_STATUS_LABELS,
  type ArtworkSort,
  INSURANCE_STATUS_LABELS,
  type SUMMARY_GROUPS,
  TRANSPORT_STATUS_LABELS,
} from '../../../shared/contracts/artworks'
import type { Lang } from '../../../shared/errors'

export const SORT_LABELS = {
  updatedAt: msg`Last changed`,
  createdAt: msg`Date added`,
  inventoryNo: msg`Inventory number`,
  titleZh: msg`Title (Chinese)`,
  titleEn: msg`Title (English)`,
  buyYear: msg`Buy year`,
  latestValuation: msg`Latest valuation`,
  valuationDate: msg`Valuation date`,
} as const satisfies Record<ArtworkSort, MessageDescriptor>

export const DIMENSION_LABELS = {
  core: msg`Core size`,
  picture: msg`Picture size`,
  frame: msg`Frame size`,
  other: msg`Other size`,
} as const satisfies Record<DimensionKind, MessageDescriptor>

export const RECORD_LIST_LABELS = {
  exhibitions: msg`Exhibition records`,
  auctions: msg`Auction records`,
  privateCollections: msg`Private collection records`,
  literature: msg`Literature records`,
} as const satisfies Record<RecordKind, MessageDescriptor>

export const SUMMARY_GROUP_LABELS = {
  medium: msg`By creation medium`,
  period: msg`By period of creation`,
  market: msg`By invest market`,
  room: msg`By room`,
  status: msg`By status`,
  insurance: msg`By insurance`,
} as const satisfies Record<(typeof SUMMARY_GROUPS)[number], MessageDescriptor>

/** The record's fields by the paths the history names them with. */
export const FIELD_LABELS: Record<string, MessageDescriptor> = {
  inventoryNo: msg`Inventory number`,
  titleZh: msg`Title (Chinese)`,
  titleEn: msg`Title (English)`,
  artistId: msg`Artist`,
  creationTime: msg`Time created`,
  materialsZh: msg`Materials (Chinese)`,
  materialsEn: msg`Materials (English)`,
  'dimensions.core': DIMENSION_LABELS.core,
  'dimensions.picture': DIMENSION_LABELS.picture,
  'dimensions.frame': DIMENSION_LABELS.frame,
  'dimensions.other': DIMENSION_LABELS.other,
  'signature.signed': msg`Whether signed`,
  'signature.position': msg`Signature position`,
  'signature.content': msg`Signature content`,
  mediumTagId: msg`Creation medium`,
  periodTagId: msg`Period of creation`,
  investMarketTagId: msg`Invest market`,
  incomeStageTagId: msg`Income stage`,
  labelTagIds: msg`Labels`,
  sourceZh: msg`Source (Chinese)`,
  sourceEn: msg`Source (English)`,
  buyYear: msg`Buy year`,
  packagingType: msg`Packaging`,
  volumeWeight: msg`Volume weight (kg)`,
  actualWeight: msg`Actual weight (kg)`,
  remarkZh: msg`Remarks (Chinese)`,
  remarkEn: msg`Remarks (English)`,
  salvagePriority: msg`Salvage priority`,
  handlingNotesZh: msg`Handling notes (Chinese)`,
  handlingNotesEn: msg`Handling notes (English)`,
  exhibitions: RECORD_LIST_LABELS.exhibitions,
  auctions: RECORD_LIST_LABELS.auctions,
  privateCollections: RECORD_LIST_LABELS.privateCollections,
  literature: RECORD_LIST_LABELS.literature,
  media: msg`Images, video and files`,
  zipFileId: msg`Source files (zip)`,
  latestValuation: msg`Latest valuation`,
  latestValuationCurrency: msg`Valuation currency`,
  valuationDate: msg`Valuation date`,
}

export const HISTORY_ACTION_LABELS = {
  create: msg`Created`,
  update: msg`Edited`,
  restore: msg`Restored`,
  import: msg`Imported from Excel`,
  valuation: msg`Valuation recorded`,
} as const satisfies Record<'create' | 'update' | 'restore' | 'import' | 'valuation', MessageDescriptor>

export const MOVEMENT_KIND_LABELS: Record<string, MessageDescriptor> = {
  created: msg`Registered`,
  warehousing: msg`Into a room`,
  transport_start: msg`Transport departed`,
  transport_arrive: msg`Transport arrived`,
  loan_out: msg`Out on loan`,
  loan_return: msg`Back from loan`,
  returned_to_owner: msg`Returned to its owner`,
  sold: msg`Sold`,
  stocktake_found: msg`Found at stocktake`,
  stocktake_missing: msg`Missing at stocktake`,
  manual: msg`Moved`,
}

export const artworkStatusLabel = (status: keyof typeof ARTWORK_STATUS_LABELS, lang: Lang) =>
  ARTWORK_STATUS_LABELS[status][lang]
export const insuranceStatusLabel = (status: keyof typeof INSURANCE_STATUS_LABELS, lang: Lang) =>
  INSURANCE_STATUS_LABELS[status][lang]
export const transportStatusLabel = (status: keyof typeof TRANSPORT_STATUS_LABELS, lang: Lang) =>
  TRANSPORT_STATUS_LABELS[status][lang]

export const STATUS_COLORS = {
  purchased: 'bronze',
  in_collection: 'teal',
  on_loan: 'grape',
  sold: 'gray',
  missing: 'red',
  in_care: 'cyan',
  borrowed: 'indigo',
  returned: 'gray',
} as const satisfies Record<keyof typeof ARTWORK_STATUS_LABELS, string>

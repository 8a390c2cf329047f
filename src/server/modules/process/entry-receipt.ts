// The receipt of an object entry (OBJECT_ENTRY): what the office hands the depositor once the entry is
// approved and the work is in the archive: who left it, why, until when, the work with its inventory number,
// and lines to sign. Every label is in both languages on the one sheet (the depositor may read either); the
// values are as recorded.
import type { ProcessView } from '../../../shared/contracts/process'
import { AppError, notFound } from '../../http/app-error'
import { dateText } from '../../pdf/format'
import { facts, line, type Report, section, titleBlock } from '../../pdf/report'
import type { User } from './decide'
import { type RuntimeEnv, viewProcess } from './runtime'

const REASONS: Record<string, string> = {
  purchaseOffer: '洽购看货 / Offered for purchase, sent for viewing',
  valuation: '估价 / Left for valuation',
  consignment: '寄售 / Consignment',
  other: '其他 / Other',
}

const both = (zh: string, en: string) => `${zh} / ${en}`

export interface EntryReceipt {
  processId: string
  inventoryNo: string
  titleZh: string
  titleEn: string
  entry: Record<string, unknown>
  approvedAt: string
}

/**
 * The receipt's contents, read before the first byte: an object entry the user may see (404 otherwise),
 * its entry approved (400 `entryReceiptNotReady` before: there is no record to receipt yet).
 */
export async function readEntryReceipt(env: RuntimeEnv, user: User, id: string): Promise<EntryReceipt> {
  const view: ProcessView = await viewProcess(env, user, id)
  if (view.type !== 'OBJECT_ENTRY') throw notFound()
  const step = view.context.steps.entry
  const work = view.artworks[0]
  if (!step?.data || !step.approvals?.length || !work)
    throw new AppError(400, 'entryReceiptNotReady', undefined, {
      fieldErrors: { id: 'entryReceiptNotReady' },
    })
  return {
    processId: view.id,
    inventoryNo: work.inventoryNo,
    titleZh: work.titleZh,
    titleEn: work.titleEn,
    entry: step.data,
    approvedAt: step.approvals[step.approvals.length - 1].at,
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')

export function drawEntryReceipt(r: Report, receipt: EntryReceipt) {
  const e = receipt.entry
  const day = (v: unknown) => `${dateText(str(v), 'zh-CN')} / ${dateText(str(v), 'en')}`
  titleBlock(r, both('作品入馆收据', 'Object entry receipt'), receipt.inventoryNo)
  section(r, both('寄存人', 'Depositor'))
  facts(r, [
    [both('寄存人', 'Depositor'), str(e.depositor)],
    [both('联系方式', 'Contact'), str(e.depositorContact)],
    [both('入馆原因', 'Reason for the entry'), REASONS[str(e.reason)] ?? ''],
    [both('入馆日期', 'Entered on'), day(e.enteredOn)],
    [both('预计归还日期', 'Expected return date'), day(e.expectedReturnOn)],
  ])
  section(r, both('作品', 'The work'))
  facts(r, [
    [both('编号', 'Inventory no.'), receipt.inventoryNo],
    [both('艺术家', 'Artist'), str(e.artistName)],
    [both('中文标题', 'Title (Chinese)'), receipt.titleZh],
    [both('英文标题', 'Title (English)'), receipt.titleEn],
  ])
  if (str(e.description)) line(r, str(e.description))
  section(r, both('声明', 'Statement'))
  line(r, '本办公室已收到上述作品代为保管，作品所有权仍属寄存人，不属本办公室馆藏。凭本收据归还。')
  line(
    r,
    'The office has received the work above into its care. It remains the property of the depositor and is not part of the collection. It is returned against this receipt.',
  )
  section(r, both('签字', 'Signatures'))
  facts(
    r,
    [
      [both('寄存人签字', 'Depositor'), '\n\n______________________'],
      [both('经办人签字', 'For the office'), '\n\n______________________'],
    ],
    { columns: 2 },
  )
}

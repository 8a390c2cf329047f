// The system log as an Excel workbook, written with exceljs's streaming writer while the rows are read in
// batches (newest first, by time and id: never an offset), so a long export holds neither the rows nor the
// sheet in memory. Headers, modules and operations are in the request's language. A second sheet holds the
// heads of the hash chains.
import type { SQL } from 'drizzle-orm'
import { CHAIN_LABELS } from '../../../shared/audit'
import type { Lang } from '../../../shared/errors'
import { moduleLabel, operationLabel } from '../../../shared/system-log'
import type { DbOrTx } from '../../db/client'
import { type StreamWriter, safeRecord, streamedWorkbook } from '../../jobs/workbook-writer'
import { officeToday } from '../../office-day'
import { chainHeads } from '../audit/heads'
import { logBatchAfter } from './queries'

const BATCH = 2_000

const HEADERS: [string, { 'zh-CN': string; en: string }, number][] = [
  ['accessTime', { 'zh-CN': '访问时间（UTC）', en: 'Time (UTC)' }, 20],
  ['createBy', { 'zh-CN': '用户', en: 'User' }, 16],
  ['moduleName', { 'zh-CN': '模块', en: 'Module' }, 16],
  ['operationType', { 'zh-CN': '操作', en: 'Operation' }, 24],
  ['httpMethod', { 'zh-CN': '请求方式', en: 'Method' }, 10],
  ['requestUri', { 'zh-CN': '请求地址', en: 'Request' }, 40],
  ['success', { 'zh-CN': '结果', en: 'Result' }, 8],
  ['responseCode', { 'zh-CN': '返回码', en: 'Response code' }, 10],
  ['execTime', { 'zh-CN': '耗时（毫秒）', en: 'Time taken (ms)' }, 12],
  ['clientIpAddr', { 'zh-CN': '客户端地址', en: 'Client address' }, 16],
  ['browserUserAgent', { 'zh-CN': '浏览器', en: 'Browser' }, 40],
  ['exception', { 'zh-CN': '异常', en: 'Exception' }, 40],
  ['createByUserId', { 'zh-CN': '用户编号', en: 'User id' }, 20],
  ['logId', { 'zh-CN': '日志编号', en: 'Log id' }, 20],
]

const utc = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ')

export function logWorkbookResponse(
  db: DbOrTx,
  where: SQL | undefined,
  lang: Lang,
  max: number,
): Promise<Response> {
  const yes = lang === 'en' ? 'Success' : '成功'
  const no = lang === 'en' ? 'Failed' : '失败'
  const stamp = officeToday()
  const name = `${lang === 'en' ? 'system-log' : '系统日志'}-${stamp}.xlsx`
  return streamedWorkbook(name, 'system log workbook', async (wb, pace) => {
    const ws = wb.addWorksheet(lang === 'en' ? 'System log' : '系统日志', {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    ws.columns = HEADERS.map(([key, words, width]) => ({ key, header: words[lang], width }))
    ws.getRow(1).font = { bold: true }
    let after: { at: Date; id: string } | null = null
    let written = 0
    while (written < max) {
      const rows = await logBatchAfter(db, where, after, Math.min(BATCH, max - written))
      for (const r of rows) {
        ws.addRow(
          safeRecord({
            ...r,
            accessTime: utc(r.accessTime),
            moduleName: moduleLabel(r.moduleName, lang),
            operationType: operationLabel(r.operationType, lang),
            success: r.success ? yes : no,
          }),
        ).commit()
        await pace()
      }
      written += rows.length
      if (rows.length < BATCH) break
      const last = rows[rows.length - 1]
      after = { at: last.accessTime, id: last.logId }
    }
    ws.commit()
    await headsSheet(wb, db, lang)
  })
}

const HEAD_HEADERS: [string, { 'zh-CN': string; en: string }, number][] = [
  ['chain', { 'zh-CN': '记录', en: 'Record' }, 22],
  ['rows', { 'zh-CN': '条目数', en: 'Entries' }, 10],
  ['head', { 'zh-CN': '最后的指纹（SHA-256）', en: 'Last fingerprint (SHA-256)' }, 70],
  ['verifiedAt', { 'zh-CN': '最近校验（UTC）', en: 'Last verified (UTC)' }, 20],
  ['verified', { 'zh-CN': '校验结果', en: 'Result' }, 12],
]

/**
 * The heads of the hash chains (src/server/audit/) on a sheet of their own, as recorded when the export
 * was made: a copy kept with the export is what a later verification of a rewritten chain is held against.
 */
async function headsSheet(wb: StreamWriter, db: DbOrTx, lang: Lang) {
  const ws = wb.addWorksheet(lang === 'en' ? 'Chain heads' : '链头')
  ws.columns = HEAD_HEADERS.map(([key, words, width]) => ({ key, header: words[lang], width }))
  ws.getRow(1).font = { bold: true }
  const outcome = (ok: boolean | null) =>
    ok === null ? '' : ok ? (lang === 'en' ? 'Intact' : '完好') : lang === 'en' ? 'Broken' : '已损坏'
  for (const h of await chainHeads(db))
    ws.addRow({
      chain: CHAIN_LABELS[h.name][lang],
      rows: h.rows,
      head: h.head,
      verifiedAt: h.verifiedAt
        ? utc(new Date(h.verifiedAt))
        : lang === 'en'
          ? 'Not verified yet'
          : '尚未校验',
      verified: outcome(h.verifiedOk),
    }).commit()
  ws.commit()
}

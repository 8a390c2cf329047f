// The system log as an Excel workbook, written with exceljs's streaming writer while the rows are read in
// batches (newest first, by time and id: never an offset), so a long export holds neither the rows nor the
// sheet in memory. Headers, modules and operations are in the request's language.
import { PassThrough } from 'node:stream'
import type { SQL } from 'drizzle-orm'
import type { Lang } from '../../../shared/errors'
import { moduleLabel, operationLabel } from '../../../shared/system-log'
import type { DbOrTx } from '../../db/client'
import { XLSX_MIME } from '../artworks/excel-export'
import { contentDisposition, toWebStream } from '../files/serve'
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

export async function logWorkbookResponse(
  db: DbOrTx,
  where: SQL | undefined,
  lang: Lang,
  max: number,
): Promise<Response> {
  const pass = new PassThrough()
  const excel = (await import('exceljs')).default
  const wb = new excel.stream.xlsx.WorkbookWriter({ stream: pass, useStyles: true, useSharedStrings: false })
  const ws = wb.addWorksheet(lang === 'en' ? 'System log' : '系统日志', {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  ws.columns = HEADERS.map(([key, words, width]) => ({ key, header: words[lang], width }))
  ws.getRow(1).font = { bold: true }
  const yes = lang === 'en' ? 'Success' : '成功'
  const no = lang === 'en' ? 'Failed' : '失败'
  void (async () => {
    try {
      let after: { at: Date; id: string } | null = null
      let written = 0
      while (written < max) {
        const rows = await logBatchAfter(db, where, after, Math.min(BATCH, max - written))
        for (const r of rows) {
          ws.addRow({
            ...r,
            accessTime: utc(r.accessTime),
            moduleName: moduleLabel(r.moduleName, lang),
            operationType: operationLabel(r.operationType, lang),
            success: r.success ? yes : no,
          }).commit()
        }
        written += rows.length
        if (rows.length < BATCH) break
        const last = rows[rows.length - 1]
        after = { at: last.accessTime, id: last.logId }
      }
      ws.commit()
      await wb.commit()
    } catch (error) {
      console.error('system log workbook failed', error)
      pass.destroy(error as Error)
    }
  })()
  const stamp = new Date().toISOString().slice(0, 10)
  return new Response(toWebStream(pass), {
    status: 200,
    headers: {
      'content-type': XLSX_MIME,
      'content-disposition': contentDisposition(
        'attachment',
        `${lang === 'en' ? 'system-log' : '系统日志'}-${stamp}.xlsx`,
      ),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  })
}

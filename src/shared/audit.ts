// The hash chains kept for tamper evidence (the server's src/server/audit/), by name, with their names
// in both languages for screens, exports and messages.

export const CHAIN_NAMES = ['process_history', 'artwork_history', 'system_logs'] as const
export type ChainName = (typeof CHAIN_NAMES)[number]

export const CHAIN_LABELS: Record<ChainName, { 'zh-CN': string; en: string }> = {
  process_history: { 'zh-CN': '流程历史', en: 'Process history' },
  artwork_history: { 'zh-CN': '艺术品档案变更记录', en: 'Artwork record history' },
  system_logs: { 'zh-CN': '系统日志', en: 'System log' },
}

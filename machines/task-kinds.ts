// The kinds of task (machines/tasks.ts), with nothing imported: the inbox route's search check reads them in
// the web app's first download.
export const TASK_KINDS = [
  'fill',
  'approve',
  'confirmPayment',
  'depart',
  'arrive',
  'return',
  'count',
] as const
export type TaskKind = (typeof TASK_KINDS)[number]

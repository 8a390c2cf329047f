// The tabs of the artwork detail screen, in a module of their own: the route validates `?tab=` with them,
// and what a route file imports for its search enters the first download (keep it small).
export const DETAIL_TABS = [
  'record',
  'media',
  'records',
  'valuation',
  'ownership',
  'location',
  'processes',
  'condition',
  'insurance',
  'history',
  'asOf',
] as const
export type DetailTab = (typeof DETAIL_TABS)[number]

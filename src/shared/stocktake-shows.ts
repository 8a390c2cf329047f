// The stocktake list's tabs, without zod: the web app's first download (route search validation) reads them;
// contracts/stocktakes.ts builds its schemas on them.
export const STOCKTAKE_SHOWS = ['inProgress', 'completed', 'uncompleted', 'terminated'] as const
export type StocktakeShow = (typeof STOCKTAKE_SHOWS)[number]

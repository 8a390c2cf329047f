// How a line names several artworks by the first of them, on the server (a process's subject in the bell,
// the inbox, emails) and on the screens (process lists, operations tables) alike: "秋山行旅图 及另外 2 件",
// "Travellers among Autumn Mountains and 2 more". The number counts the others, in both languages (a
// "等 3 件" reads as three in all). Both languages are written here because the server words both at once.
import type { Lang } from './lang'

/** After the titles shown: "及另外 2 件" / "and 2 more", `others` being how many are not named. */
export function moreWords(others: number, lang: Lang): string {
  return lang === 'en' ? `and ${others} more` : `及另外 ${others} 件`
}

/** The first title and how many others of `count` in all; the title alone when it is the only one. */
export function firstAndMore(first: string, count: number, lang: Lang): string {
  return count > 1 ? `${first} ${moreWords(count - 1, lang)}` : first
}

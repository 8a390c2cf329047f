// Whether a screen fits a narrow window (390 px, a phone): shared by the e2e files that check it
// (narrow-screen, insurance-screens, under-insurance).
import type { Page } from 'playwright-core'

/**
 * What does not fit a window `width` wide: the page wider than the window (and the first element of the
 * screen that sticks out), or a part of the screen that scrolls sideways inside it (a table that should
 * have folded into cards). `scope` is where to look (the screen's main part by default; a modal too when
 * one is open). Empty when everything fits.
 */
export async function overflow(page: Page, width = 390, scope = 'main *'): Promise<string> {
  return page.evaluate(
    ([w, within]) => {
      const name = (el: HTMLElement) => {
        const id = el.getAttribute('data-testid') ?? el.className.toString().split(' ').slice(0, 2).join('.')
        return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}`
      }
      const problems: string[] = []
      const scroll = document.documentElement.scrollWidth
      if (scroll > w) {
        const culprit = [...document.querySelectorAll<HTMLElement>(within)].find(
          (el) => el.getBoundingClientRect().right > w + 1,
        )
        problems.push(
          `page ${scroll} px wide${culprit ? `; ${name(culprit)} ends at ${Math.round(culprit.getBoundingClientRect().right)}` : ''}`,
        )
      }
      for (const el of document.querySelectorAll<HTMLElement>(within)) {
        const { overflowX } = getComputedStyle(el)
        if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
          problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth})`)
      }
      return problems.join('; ')
    },
    [width, scope] as const,
  )
}

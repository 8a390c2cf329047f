// Journey: in the production build the context menu, F12, Ctrl+S, Ctrl+U and Ctrl+Shift+I are blocked (their
// default action prevented), while ordinary typing is untouched.
import { describe, expect, it } from 'vitest'
import { appPerFile, newPage } from './harness'

const run = appPerFile()

describe('blocked shortcuts in production', () => {
  it('prevents the context menu and the developer shortcuts, not other keys', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.goto('/login')
    await page.getByTestId('login-form').waitFor()
    // Listen after the app's own listeners (bubbling on window): record whether the default was prevented.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { seen: string[] }).seen = seen
      window.addEventListener('keydown', (e) => seen.push(`${e.key}:${e.defaultPrevented}`))
      window.addEventListener('contextmenu', (e) => seen.push(`contextmenu:${e.defaultPrevented}`))
    })
    const input = page.locator('input[name="username"]')
    await input.click()
    await page.keyboard.press('F12')
    await page.keyboard.press('Control+s')
    await page.keyboard.press('Control+u')
    await page.keyboard.press('Control+Shift+I')
    await page.keyboard.press('a')
    await input.click({ button: 'right' })
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    // Blocked keys are stopped before the page's other listeners see them; ordinary keys pass.
    expect(seen.filter((s) => /^(F12|s|u|I):/.test(s))).toEqual([])
    expect(seen).toContain('a:false')
    expect(seen).toContain('contextmenu:true')
    expect(await input.inputValue()).toBe('a')
    await context.close()
  })

  it('marks the prevented default on the events themselves', async () => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl)
    await page.goto('/login')
    await page.getByTestId('login-form').waitFor()
    const prevented = await page.evaluate(() => {
      const fire = (init: KeyboardEventInit) => {
        const event = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true })
        document.body.dispatchEvent(event)
        return event.defaultPrevented
      }
      const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true })
      document.body.dispatchEvent(menu)
      return {
        f12: fire({ key: 'F12' }),
        save: fire({ key: 's', ctrlKey: true }),
        source: fire({ key: 'u', ctrlKey: true }),
        inspector: fire({ key: 'I', ctrlKey: true, shiftKey: true }),
        plain: fire({ key: 'x' }),
        contextMenu: menu.defaultPrevented,
      }
    })
    expect(prevented).toEqual({
      f12: true,
      save: true,
      source: true,
      inspector: true,
      plain: false,
      contextMenu: true,
    })
    await context.close()
  })
})

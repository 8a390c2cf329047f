// Journeys: condition checks in the browser, in both languages. A check is walked through its findings
// (grade, notes, a photograph, the next due day) to closed by the demo users the model names, and the
// artwork's Condition tab then shows it with its grade and next due day (Chinese; in English the same
// walk). The schedule screen (/devOpsManage/conditionCheckSchedule) shows the demo office's yearly rules
// with an overdue and a scheduled check, refuses a rule without its artwork at the field, adds one, and
// opens a running check in place. axe finds no critical or serious problem on the schedule.
import { describe, expect, it } from 'vitest'
import { latest } from '../../machines/registry'
import type { ConditionDueList } from '../../src/shared/contracts/condition-checks'
import type { ProcessView } from '../../src/shared/contracts/process'
import { MODEL_REFS } from '../model/samples'
import { axeProblems, settled, shot } from './harness'
import { apiCall, type Lang, localise } from './process-driver'
import { planJourney, walk } from './process-walks'
import { setUpWalkWorld, switchLanguage } from './walk-setup'

const world = setUpWalkWorld({
  users: ['operations', 'registrar', 'approver'],
  freeArtworks: 20,
  chineseFirst: true,
})

const WORDS = {
  'zh-CN': {
    grade: '等级：一般',
    due: '下次检查日期',
    overdue: '逾期',
    target: '请选择一件作品或一个分类（二选一）',
  },
  en: {
    grade: 'Grade: Fair',
    due: 'Next check due on',
    overdue: 'Overdue',
    target: 'Choose either one artwork or one category',
  },
} as const

describe('condition checks in the browser', () => {
  for (const lang of ['zh-CN', 'en'] as const satisfies readonly Lang[]) {
    it(`walks a check to closed and shows its findings on the Condition tab (${lang})`, async () => {
      await switchLanguage(world.users, lang)
      const definition = latest('CONDITION_CHECK')
      const artworkId = world.freeArtwork()
      // Started by the registrar, as the walks start theirs: the starter may terminate, and the walk checks it.
      const view = await apiCall<ProcessView>(world.users.registrar.page, 'POST', 'process', {
        type: 'CONDITION_CHECK',
        input: { artworkIds: [artworkId] },
      })
      const path = planJourney(definition, MODEL_REFS, [], true)
      const end = await walk(
        {
          definition,
          lang,
          users: world.users,
          files: world.files,
          route: '/devOpsManage/conditionCheck',
          localise: (payload) => localise(payload, world.local),
        },
        view,
        path,
        MODEL_REFS,
      )
      expect(end.status).toBe('done')
      const page = world.users.registrar.page
      await page.goto(`/artworkArchive/detail?id=${artworkId}&tab=condition`)
      const entry = page.locator('[data-testid="condition-entry"][data-kind="conditionCheck"]').first()
      await entry.waitFor()
      const text = (await entry.textContent()) ?? ''
      expect(text).toContain(WORDS[lang].grade)
      expect(text).toContain(WORDS[lang].due)
      expect(world.pageErrors).toEqual([])
    })
  }

  for (const lang of ['en', 'zh-CN'] as const satisfies readonly Lang[]) {
    it(`the schedule shows overdue and scheduled checks, refuses a rule without its artwork, adds one (${lang})`, async () => {
      await switchLanguage(world.users, lang)
      const page = world.users.operations.page
      const due = await apiCall<ConditionDueList>(page, 'GET', 'condition-checks/due')
      expect(due.list.some((r) => r.overdue)).toBe(true)
      expect(due.list.some((r) => !r.overdue && r.dueOn > due.today)).toBe(true)
      await page.goto('/devOpsManage/conditionCheckSchedule')
      await page.getByTestId('condition-due-row').first().waitFor()
      await settled(page)
      expect(
        await page.locator('[data-testid="condition-due"] [data-state="overdue"]').count(),
      ).toBeGreaterThan(0)
      expect(
        await page.locator('[data-testid="condition-due"] [data-state="scheduled"]').count(),
      ).toBeGreaterThan(0)
      expect(await page.getByTestId('condition-due').textContent()).toContain(WORDS[lang].overdue)
      expect(await axeProblems(page, 'condition schedule')).toEqual([])
      await shot(page, `condition-schedule-${lang}`)

      // No artwork chosen: refused at the field, nothing added.
      const before = await page.getByTestId('condition-rule').count()
      await page.getByTestId('condition-rule-add').click()
      await expect
        .poll(() => page.getByTestId('condition-rule-target-error').textContent())
        .toBe(WORDS[lang].target)
      expect(await page.getByTestId('condition-rule').count()).toBe(before)

      // Every artwork of a category, every six months.
      await page
        .getByTestId('condition-rule-target')
        .getByText(lang === 'en' ? 'Every artwork of a category' : '某一分类的全部作品')
        .click()
      await page.getByTestId('condition-rule-category').click()
      await page.getByRole('option').first().click()
      await page.getByTestId('condition-rule-months').fill('6')
      await page.getByTestId('condition-rule-add').click()
      await expect.poll(() => page.getByTestId('condition-rule').count()).toBe(before + 1)

      // A running check opens in place.
      await page.getByTestId('condition-due-open').first().click()
      await page.locator('[data-testid="process-view"]').waitFor()
      expect(await page.getByTestId('process-type').textContent()).toBe(
        lang === 'en' ? 'Condition check' : '品相检查',
      )
      // The category rule is removed again (the other walks' artworks stay untouched by it).
      const rules = await apiCall<{ list: { id: string; target: { kind: string } }[] }>(
        page,
        'GET',
        'condition-checks/rules',
      )
      for (const r of rules.list.filter((x) => x.target.kind === 'category'))
        await apiCall(page, 'DELETE', `condition-checks/rules/${r.id}`)
      expect(world.pageErrors).toEqual([])
    })
  }
})

// @vitest-environment happy-dom
// Tasks in words: the history names a delegate "B on behalf of A" and the scheduler's escalation
// as the system's, in both languages; a task's line and candidates are labels and names, never keys.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buyArtV1 } from '../../../machines/buy-art'
import type { ProcessView } from '../../../src/shared/contracts/process'
import type { InboxTask } from '../../../src/shared/contracts/tasks'
import { candidatesLine, taskLine, taskSearch } from '../../../src/web/areas/inbox/task-words'
import { HistoryTab } from '../../../src/web/areas/process/HistoryTab'
import { render } from './render'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

function view(): ProcessView {
  const row = (seq: number, type: string, by: string, byName: string, onBehalfOf: string | null) => ({
    seq,
    type,
    fromState: seq === 1 ? null : 'dueDiligence.submitted',
    toState: seq === 1 ? 'dueDiligence.draft' : 'contract.draft',
    by,
    byName,
    at: `2026-03-0${seq}T08:00:00.000Z`,
    comment: '',
    files: [],
    definitionVersion: 1,
    allowedBy: 'devOpsManage:approve:BUY_ART',
    onBehalfOf,
  })
  return {
    id: '7d5b7c0e-35a4-4c36-9f1c-2b3a4d5e6f70',
    type: 'BUY_ART',
    definitionVersion: 1,
    machineId: 'BUY_ART',
    stepTotals: {},
    version: 3,
    state: 'contract.draft',
    stateValue: { contract: 'draft' },
    status: 'draft',
    done: false,
    currentStep: 'contract',
    steps: [],
    nextEvents: [],
    context: {},
    history: [
      row(1, 'CREATE', B, '周启航 Zhou Qihang', null),
      row(2, 'ESCALATE', '', '', null),
      row(3, 'APPROVE', B, '周启航 Zhou Qihang', A),
    ],
    historyTotal: 3,
    people: { [A]: '王致远 Wang Zhiyuan', [B]: '周启航 Zhou Qihang' },
    artworks: [],
    createdBy: B,
    createdByName: '周启航 Zhou Qihang',
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-03T08:00:00.000Z',
    finishedAt: null,
  } as unknown as ProcessView
}

const who = () => [...document.querySelectorAll('[data-testid="history-who"]')].map((e) => e.textContent)

describe('the history in words', () => {
  it('says who acted for whom, and that the system escalated, in English', async () => {
    await render(<HistoryTab view={view()} definition={buyArtV1} />, { lang: 'en' })
    expect(who()).toEqual([
      '周启航 Zhou Qihang on behalf of 王致远 Wang Zhiyuan',
      'System',
      '周启航 Zhou Qihang',
    ])
    expect(screen.getByText('Escalated by the system')).toBeTruthy()
  })

  it('and in Chinese', async () => {
    await render(<HistoryTab view={view()} definition={buyArtV1} />, { lang: 'zh-CN' })
    expect(who()).toEqual(['周启航 Zhou Qihang（代 王致远 Wang Zhiyuan）', '系统', '周启航 Zhou Qihang'])
    expect(screen.getByText('系统逾期上报')).toBeTruthy()
  })
})

describe('a task in words', () => {
  const task = {
    id: 't1',
    processId: 'p1',
    type: 'BUY_ART',
    step: 'dueDiligence',
    kind: 'approve',
    state: 'dueDiligence.submitted',
    createdAt: '2026-03-01T08:00:00.000Z',
    dueAt: '2026-03-03T08:00:00.000Z',
    dueDay: '2026-03-03',
    workingDaysLeft: 0,
    overdue: true,
    escalation: 1,
    claimedBy: null,
    claimedByName: null,
    approvalsNeeded: 2,
    approvalsDone: 1,
    approvalRole: null,
    privileges: ['devOpsManage:approve:BUY_ART'],
    candidateRole: null,
    candidateUserNames: [],
    onBehalfOf: A,
    onBehalfOfName: '王致远 Wang Zhiyuan',
    process: {
      id: 'p1',
      type: 'BUY_ART',
      definitionVersion: 1,
      status: 'approvalOngoing',
      currentStep: 'dueDiligence',
      version: 2,
      createdBy: B,
      createdByName: '周启航 Zhou Qihang',
      updatedAt: '2026-03-01T08:00:00.000Z',
      artworks: [{ id: 'a1', inventoryNo: 'VT-2026-0001', titleZh: '山水', titleEn: 'Landscape' }],
      artworkCount: 2,
      subject: { zh: '山水 及另外 1 件', en: 'Landscape and 1 more' },
    },
  } as InboxTask

  it('reads type · subject · step · kind, and who may do it by the privilege label', () => {
    expect(taskLine(task, 'en')).toBe('Purchase · Landscape and 1 more · Due-diligence report · Approve')
    expect(taskLine(task, 'zh-CN')).toBe('尽调购买 · 山水 及另外 1 件 · 尽调报告 · 审批')
    expect(candidatesLine(task, 'en')).toBe('Approve: Purchase')
    expect(candidatesLine({ ...task, candidateRole: { zh: '馆长', en: 'Director' } }, 'en')).toBe('Director')
    expect(candidatesLine({ ...task, candidateUserNames: ['A', 'B'] }, 'zh-CN')).toBe('A、B')
  })

  it('opens a delegated task as the delegator sees it', () => {
    expect(taskSearch(task)).toEqual({ process: 'p1', onBehalfOf: A })
    expect(taskSearch({ ...task, onBehalfOf: null })).toEqual({ process: 'p1' })
  })
})

// src/shared/access.ts: the one check of "holds a privilege" and "may start a process of a type", used by the
// machines' guards, the server's routes and the web's buttons alike.
import { describe, expect, it } from 'vitest'
import { holds, holdsAny, mayStartSome, mayStartType, startPrivilegesOf } from '../../src/shared/access'
import { PRIVILEGE_KEYS } from '../../src/shared/privileges'
import { PROCESS_TYPES } from '../../src/shared/process-types'

const asList = (privileges: string[]) => ({ allPrivileges: false, privileges })
const asSet = (privileges: string[]) => ({ allPrivileges: false, privileges: new Set(privileges) })
const admin = { allPrivileges: true, privileges: [] }

describe('holds', () => {
  it('reads a list (the web, a process actor) and a set (the server’s user) alike', () => {
    for (const make of [asList, asSet]) {
      expect(holds(make(['devOpsManage:view']), 'devOpsManage:view')).toBe(true)
      expect(holds(make(['devOpsManage:view']), 'devOpsManage:start')).toBe(false)
    }
  })
  it('an administrator holds every privilege; nobody signed in holds none', () => {
    expect(holds(admin, 'authManage:edit')).toBe(true)
    expect(holds(null, 'devOpsManage:view')).toBe(false)
    expect(holds(undefined, 'devOpsManage:view')).toBe(false)
  })
  it('holdsAny needs one of the privileges', () => {
    expect(holdsAny(asList(['financeManage:pay']), ['devOpsManage:start', 'financeManage:pay'])).toBe(true)
    expect(holdsAny(asList(['financeManage:view']), ['devOpsManage:start', 'financeManage:pay'])).toBe(false)
    expect(holdsAny(admin, [])).toBe(false)
  })
})

describe('mayStartType', () => {
  it('every type starts with devOpsManage:start; a payment request also with financeManage:pay', () => {
    const starter = asList(['devOpsManage:start'])
    const payer = asList(['financeManage:pay'])
    for (const type of PROCESS_TYPES) expect(mayStartType(starter, type)).toBe(true)
    expect(PROCESS_TYPES.filter((type) => mayStartType(payer, type))).toEqual(['FINANCE_PAYMENT'])
    expect(mayStartType(asList(['devOpsManage:view']), 'BUY_ART')).toBe(false)
    expect(mayStartType(admin, 'INVENTORY_CHECK')).toBe(true)
  })
  it('mayStartSome asks over the given types', () => {
    const payer = asList(['financeManage:pay'])
    expect(mayStartSome(payer)).toBe(true)
    expect(mayStartSome(payer, ['BUY_ART', 'INVENTORY_CHECK'])).toBe(false)
    expect(mayStartSome(asList([]))).toBe(false)
  })
  it('names only privileges that exist', () => {
    for (const type of PROCESS_TYPES)
      for (const p of startPrivilegesOf(type)) expect(PRIVILEGE_KEYS.has(p)).toBe(true)
  })
})

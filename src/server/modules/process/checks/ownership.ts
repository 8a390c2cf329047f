// Checks of ownership: a sale or an exhibition loan never starts on a pledged artwork, and the step that
// binds the artwork (the sale's contract, the loan agreement) checks again: the refusal names the pledge. A
// purchase's buying entity, when named, exists.
import { invalid } from '../../../http/app-error'
import { assertNotPledged } from '../../artworks/ownership/pledges'
import { loadEntity } from '../../entities/tree'
import type { CheckContext } from './context'

const idsOf = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

export async function notPledged(ctx: CheckContext): Promise<void> {
  await assertNotPledged(ctx.db, idsOf(ctx.subject.artworkIds), 'input.artworkIds')
}

export async function buyerEntity(ctx: CheckContext): Promise<void> {
  const id = ctx.subject.buyerEntityId
  if (typeof id === 'string' && !(await loadEntity(ctx.db, id)))
    throw invalid({ 'input.buyerEntityId': 'entityNotFound' })
}

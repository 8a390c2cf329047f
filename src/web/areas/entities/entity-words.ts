// The words of the legal entities: each kind's name in both languages, and an entity's name in the language
// shown. Shared by the administration screen, the artwork's owners and the holdings.

import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EntityNode, LegalEntityKind } from '../../../shared/contracts/ownership'
import type { Lang } from '../../../shared/errors'

export const ENTITY_KIND_WORDS: Record<LegalEntityKind, MessageDescriptor> = {
  person: msg`Person`,
  company: msg`Company`,
  trust: msg`Trust`,
  foundation: msg`Foundation`,
  fund: msg`Fund`,
}

export function entityName(e: { nameZh: string; nameEn: string }, lang: Lang): string {
  return lang === 'en' ? e.nameEn || e.nameZh : e.nameZh || e.nameEn
}

/** The tree flattened in display order, each entity with its depth (for choices and indented lists). */
export function flattenEntities(nodes: EntityNode[], depth = 0): { node: EntityNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenEntities(node.children, depth + 1)])
}

/** The entity and every entity under it (ids). */
export function subtreeOf(node: EntityNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeOf)]
}

// The production catalog: the registry of machines/ (every version a running process may use).
import { definitionOf, latest, registeredTypes, versionsOf } from '../../../../machines/registry'
import type { ProcessCatalog } from './catalog'

export const machineCatalog: ProcessCatalog = { types: registeredTypes, latest, definitionOf, versionsOf }

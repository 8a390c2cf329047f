// The definitions served by GET /api/process/definitions: each type's latest version, its steps with
// labels in both languages, and its graph (nodes and edges) as machines/diagram.ts draws it, so the API,
// the web diagram and docs/flows show the same thing.

import { toGraph } from '../../../../machines/diagram'
import type { ProcessMachine } from '../../../../machines/types'
import type { ProcessDefinitionView } from '../../../shared/contracts/process'
import { PROCESS_TYPE_LABELS } from '../../../shared/process-types'
import type { ProcessCatalog } from './catalog'

const cache = new WeakMap<ProcessMachine, ProcessDefinitionView>()

export function definitionViews(catalog: ProcessCatalog): ProcessDefinitionView[] {
  return catalog.types().map((type) => {
    const definition = catalog.latest(type)
    let view = cache.get(definition.machine)
    if (!view) {
      view = {
        type,
        labelZh: PROCESS_TYPE_LABELS[type]['zh-CN'],
        labelEn: PROCESS_TYPE_LABELS[type].en,
        version: definition.version,
        versions: catalog.versionsOf(type),
        machineId: definition.machine.id,
        steps: definition.steps.map((s) => ({
          key: s.key,
          labelZh: s.labelZh,
          labelEn: s.labelEn,
          money: s.money === true,
        })),
        graph: toGraph(definition),
      }
      cache.set(definition.machine, view)
    }
    return view
  })
}

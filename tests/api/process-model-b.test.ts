// Machine paths replayed through the API: the second, fourth, sixth … registered types (process-model.ts).
import { modelWalk } from './process-model'

modelWalk('types 2, 4, 6 …', (_, i) => i % 2 === 1)

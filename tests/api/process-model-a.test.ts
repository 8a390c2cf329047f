// Machine paths replayed through the API: the first, third, fifth … registered types (process-model.ts).
import { modelWalk } from './process-model'

modelWalk('types 1, 3, 5 …', (_, i) => i % 2 === 0)

// Before the browser suite's workers start: the production build (a copy of `dist` when it is current, as
// after `npm test`'s build step, else built) and the seeded data folder, made once (two workers starting
// together would otherwise both build into the same folder).
import { buildWeb, templateDataDir } from './harness'

export default async function setup(): Promise<void> {
  await templateDataDir(buildWeb())
}

// The seeding steps after users and roles, in order. A module with data to seed adds one line here.
import type { Config } from '../config'
import type { Db } from '../db/client'
import { calendarSeedStep } from './calendar'
import { demoArtworksSeedStep } from './demo-artworks'
import { demoContentSeedStep } from './demo-content'
import { demoEntitiesSeedStep } from './demo-entities'
import { demoIncidentsSeedStep } from './demo-incidents'
import { demoReleaseSeedStep } from './demo-releases'
import { referenceDataSeedStep } from './reference-data'

export interface SeedStep {
  name: string
  /** `config` is the server's: the demo processes run through the runtime, which reads it. */
  run: (db: Db, options: { demo: boolean; config: Config }) => Promise<void>
}

export const SEED_STEPS: SeedStep[] = [
  calendarSeedStep,
  referenceDataSeedStep,
  demoArtworksSeedStep,
  demoEntitiesSeedStep,
  demoContentSeedStep,
  demoReleaseSeedStep,
  demoIncidentsSeedStep,
]

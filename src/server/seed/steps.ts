// The seeding steps after users and roles, in order. A module with data to seed adds one line here.
import type { Db } from '../db/client'
import { demoArtworksSeedStep } from './demo-artworks'
import { referenceDataSeedStep } from './reference-data'

export interface SeedStep {
  name: string
  run: (db: Db, options: { demo: boolean }) => Promise<void>
}

export const SEED_STEPS: SeedStep[] = [referenceDataSeedStep, demoArtworksSeedStep]

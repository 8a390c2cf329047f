// The Spectrum 5.1 compliance map (/api/compliance/spectrum): the standard's 21 collections-management
// procedures, each with how far Vitrine supports it, where (API routes and process types), and the evidence the
// database holds now (how many records or processes of the supporting kinds, the latest when).
import { z } from 'zod'

export const SPECTRUM_SUPPORT = ['full', 'partial', 'none'] as const
export type SpectrumSupport = (typeof SPECTRUM_SUPPORT)[number]

export const spectrumProcedure = z.object({
  key: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** One of the nine primary procedures every accredited collection carries out. */
  primary: z.boolean(),
  support: z.enum(SPECTRUM_SUPPORT),
  /** API routes (`GET /api/...`) and process type keys that carry the procedure. */
  where: z.array(z.string()),
  /** The same places as people read them, in both languages. */
  whereLabels: z.array(z.object({ zh: z.string(), en: z.string() })),
  /** What is missing, or how it is supported, in both languages. */
  noteZh: z.string(),
  noteEn: z.string(),
  evidence: z.object({ count: z.number(), lastAt: z.string().nullable() }),
})
export type SpectrumProcedure = z.infer<typeof spectrumProcedure>

export const spectrumMap = z.object({
  standard: z.literal('Spectrum 5.1'),
  computedAt: z.string(),
  procedures: z.array(spectrumProcedure),
  totals: z.object({ full: z.number(), partial: z.number(), none: z.number() }),
})
export type SpectrumMap = z.infer<typeof spectrumMap>

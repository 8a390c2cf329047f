// Shapes of the system-log API: one row with the 14 fields of the system log (src/server/db/schema/system-log.ts), the filters (each in the URL of the
// screen too), and the retention setting.
import { z } from 'zod'
import { LOG_METHODS, LOG_RETENTION_MAX, LOG_RETENTION_MIN } from '../system-log'

export const logView = z.object({
  logId: z.string(),
  moduleName: z.string(),
  createBy: z.string().nullable(),
  createByUserId: z.string().nullable(),
  accessTime: z.string(),
  requestUri: z.string(),
  operationType: z.string(),
  clientIpAddr: z.string().nullable(),
  browserUserAgent: z.string().nullable(),
  httpMethod: z.string(),
  execTime: z.number(),
  success: z.boolean(),
  responseCode: z.number(),
  exception: z.string().nullable(),
})
export type LogView = z.infer<typeof logView>

export const logFilters = z.object({
  userId: z.uuid({ message: 'invalidValue' }).optional(),
  createBy: z.string().max(64).optional(),
  moduleName: z.string().max(64).optional(),
  operationType: z.string().max(200).optional(),
  httpMethod: z.enum(LOG_METHODS, { message: 'invalidValue' }).optional(),
  success: z.enum(['true', 'false'], { message: 'invalidValue' }).optional(),
  responseCode: z.coerce.number({ message: 'invalidValue' }).int().min(0).max(99999).optional(),
  clientIpAddr: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true, message: 'invalidValue' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'invalidValue' }).optional(),
})
export type LogFilters = z.infer<typeof logFilters>

/** A page of the log; `total` counts at most `totalCap` rows (`more`: there are more than that). */
export const logPage = z.object({
  list: z.array(logView),
  total: z.number(),
  more: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
})

export const logSettingsInput = z.strictObject({
  retentionDays: z
    .number({ message: 'invalidValue' })
    .int({ message: 'invalidValue' })
    .min(LOG_RETENTION_MIN, { message: 'invalidValue' })
    .max(LOG_RETENTION_MAX, { message: 'invalidValue' }),
})
export const logSettingsView = z.object({
  retentionDays: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
})
export type LogSettings = z.infer<typeof logSettingsView>

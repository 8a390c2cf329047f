// Request and response shapes of sign-in and the current user, shared by the server and the web client.
import { z } from 'zod'

export const loginRequest = z.strictObject({
  username: z.string().trim().min(1, { message: 'required' }).max(64),
  password: z.string().min(1, { message: 'required' }).max(200),
})
export type LoginRequest = z.infer<typeof loginRequest>

export const userSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
})
export type UserSummary = z.infer<typeof userSummary>

export const menuItemSchema: z.ZodType<{
  key: string
  path: string
  label: string
  labelZh: string
  labelEn: string
  children?: unknown[]
}> = z.lazy(() =>
  z.object({
    key: z.string(),
    path: z.string(),
    label: z.string(),
    labelZh: z.string(),
    labelEn: z.string(),
    children: z.array(menuItemSchema).optional(),
  }),
)

export const meResponse = z.object({
  user: userSummary,
  roles: z.array(z.object({ id: z.string(), key: z.string(), name: z.string() })),
  allPrivileges: z.boolean(),
  privileges: z.array(z.string()),
  systems: z.array(z.string()),
  menu: z.array(menuItemSchema),
})
export type MeResponse = z.infer<typeof meResponse>

export const loginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: userSummary,
  privileges: z.array(z.string()),
  allPrivileges: z.boolean(),
})
export type LoginResponse = z.infer<typeof loginResponse>

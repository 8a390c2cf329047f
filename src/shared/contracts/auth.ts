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

const menuLeaf = z.object({
  key: z.string(),
  path: z.string(),
  label: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
})
/** A menu entry: a system with its screens (two levels). */
export const menuItemSchema = menuLeaf.extend({ children: z.array(menuLeaf).optional() })
export type MenuEntry = z.infer<typeof menuItemSchema>

export const meResponse = z.object({
  user: userSummary,
  roles: z.array(z.object({ id: z.string(), key: z.string(), name: z.string() })),
  allPrivileges: z.boolean(),
  privileges: z.array(z.string()),
  systems: z.array(z.string()),
  menu: z.array(menuItemSchema),
  /** The office's time zone (IANA): its days are the dates people pick, its clock the times shown. */
  timeZone: z.string(),
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

/** POST /api/auth/password: a user changes their own password; their other sessions end. */
export const changePasswordRequest = z.strictObject({
  currentPassword: z.string().min(1, { message: 'required' }).max(200),
  newPassword: z.string().min(1, { message: 'required' }).max(200),
})
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>

export const changePasswordResponse = z.object({
  /** How many other sessions of this user were ended. */
  endedSessions: z.number(),
})
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>

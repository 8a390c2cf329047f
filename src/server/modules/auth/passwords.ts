// Password hashing with scrypt (node:crypto), generated passwords for first start, and the password
// policy: at least 12 characters (a run of whitespace counts as one) with letters and digits, not the
// username, not a known-breached password (the short list shipped beside this file).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { MessageKey } from '../../../shared/errors'

const N = 16384
const R = 8
const P = 1
const KEYLEN = 64

function derive(password: string, salt: Buffer, n = N, r = R, p = P): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash that matches nothing, compared against when a username is unknown (same timing). */
export const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`

/** A readable random password: 20 characters from an alphabet without look-alikes. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(20)
  let out = ''
  for (const b of bytes) out += alphabet[b % alphabet.length]
  // guarantee letters and digits for the strength rule
  return `${out.slice(0, 18)}a7`
}

/** The shortest password the policy accepts, in characters (a run of whitespace counts as one). */
export const PASSWORD_MIN_LENGTH = 12

/**
 * The password's length as the policy counts it: characters (not UTF-16 units) of its NFKC form, each run
 * of whitespace counted once. The password itself is kept as typed (never trimmed or collapsed).
 */
export function policyLength(password: string): number {
  return [...password.normalize('NFKC').replace(/\s+/gu, ' ')].length
}

export function isStrongPassword(password: string): boolean {
  return policyLength(password) >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(password) && /\d/.test(password)
}

let breached: Set<string> | undefined

/** The shipped list of known-breached passwords, lower case (read once). */
export function breachedPasswords(): Set<string> {
  breached ??= new Set(
    readFileSync(new URL('./breached-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  )
  return breached
}

/** What is wrong with a new password for this user (a message key), or null when the policy accepts it. */
export function passwordProblem(password: string, username: string): MessageKey | null {
  if (!isStrongPassword(password)) return 'weakPassword'
  const lower = password.normalize('NFKC').toLowerCase()
  const name = username.trim().toLowerCase()
  if (name && (lower === name || (name.length >= 4 && lower.includes(name)))) return 'passwordIsUsername'
  if (breachedPasswords().has(lower)) return 'passwordBreached'
  return null
}

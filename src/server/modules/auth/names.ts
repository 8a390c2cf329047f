// A user's name as a screen shows it, in the language of the request.

/** A user's name in the language shown: the English one when set and asked for. */
export function nameIn(u: { displayName: string; displayNameEn?: string | null }, lang: string): string {
  return lang === 'en' && u.displayNameEn ? u.displayNameEn : u.displayName
}

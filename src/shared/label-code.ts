// What a printed artwork label's QR code says, shared by the server that prints it and the counting form
// that reads it back: the artwork's page in the archive (`<public URL>/artworkArchive/detail?id=<uuid>`), so
// a phone's camera app opens the record and a scanner maps it to the artwork by its id, which never changes
// (an inventory number can be corrected). docs/decisions.md, "QR labels and scanning".

/** The path of an artwork's page, which a label's URL ends in. */
export const LABEL_PATH = '/artworkArchive/detail'

/** The text of one label's QR code: `base` is the office's public URL without a trailing slash. */
export function labelCodeOf(base: string, artworkId: string): string {
  return `${base}${LABEL_PATH}?id=${artworkId}`
}

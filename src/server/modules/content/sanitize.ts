// Rich text is kept as sanitised HTML, never as the HTML a browser sent: an allow-list of tags (headings,
// paragraphs, lists, links, images, bold/italic/underline/strike, blockquote, code), links with http(s) or
// mailto only (opening in a new tab, without the opener), images only from our own file API (stored
// without the signed query, which is added per reader when the item is read). Scripts, styles, event
// handlers and javascript: URLs do not survive.
import sanitizeHtml from 'sanitize-html'
import { FILE_API } from '../../../shared/contracts/files'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** Our own file URL, with or without a signed query, absolute on this origin or not. */
const OWN_IMAGE = new RegExp(`^(?:https?://[^/]+)?/api/file/downloadFile/(${UUID})(?:\\?.*)?$`, 'i')

/** The file id of an image src that is our own file URL, else null. */
export function ownImageId(src: string): string | null {
  const m = OWN_IMAGE.exec(src.trim())
  return m ? m[1].toLowerCase() : null
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => {
      const id = ownImageId(attribs.src ?? '')
      return { tagName, attribs: id ? { ...attribs, src: FILE_API.download(id) } : {} }
    },
  },
  // An image that is not ours (or lost its src) is dropped; so is a link whose href was refused.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) ||
    (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
}
// Links need target/rel after the transform: allow them on the output too.
OPTIONS.allowedAttributes = { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'target', 'rel'] }

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** The ids of our images a (sanitised) body shows. */
export function imageIdsOf(html: string): string[] {
  const ids = new Set<string>()
  for (const m of html.matchAll(new RegExp(`<img[^>]*\\ssrc="/api/file/downloadFile/(${UUID})"`, 'gi')))
    ids.add(m[1].toLowerCase())
  return [...ids]
}

/** Whether a body has anything to read (text or an image) once the tags are gone. */
export function hasContent(html: string): boolean {
  return /<img\s/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== ''
}

/** The body with each of our images' src replaced by the reader's signed link. */
export function withSignedImages(html: string, link: (fileId: string) => string): string {
  return html.replace(
    new RegExp(`(<img[^>]*\\ssrc=")/api/file/downloadFile/(${UUID})(")`, 'gi'),
    (_, before: string, id: string, after: string) => `${before}${link(id).replaceAll('&', '&amp;')}${after}`,
  )
}

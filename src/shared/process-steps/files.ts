// Which values of a step's data are file ids: the fields named for files (`attachments`, `fileIds`,
// `policyFileId`, …) anywhere in the payload. The server checks these files exist (and are PDFs where the
// form takes PDFs); a process's history lists them beside each event.
/** Payload keys that hold file ids, anywhere in a step's data. */
const FILE_KEY = /^(attachments|fileIds|[a-z]+FileIds?|[a-z]+Attachments)$/

export interface FileRef {
  /** Dotted path in the payload (`attachments.0`). */
  path: string
  /** The field's own key (`attachments`). */
  key: string
  id: string
}

function collect(value: unknown, path: string[], out: FileRef[]) {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) collect(v, [...path, String(i)], out)
    return
  }
  if (!value || typeof value !== 'object') return
  for (const [key, v] of Object.entries(value)) {
    if (!FILE_KEY.test(key)) {
      collect(v, [...path, key], out)
      continue
    }
    if (typeof v === 'string') out.push({ path: [...path, key].join('.'), key, id: v })
    else if (Array.isArray(v)) {
      for (const [i, id] of v.entries()) {
        if (typeof id === 'string') out.push({ path: [...path, key, String(i)].join('.'), key, id })
      }
    }
  }
}

/** Every file id a payload names, with where. */
export function fileRefs(payload: unknown): FileRef[] {
  const out: FileRef[] = []
  collect(payload, [], out)
  return out
}

/** The distinct file ids a payload names, in order of appearance. */
export function payloadFiles(payload: unknown): string[] {
  return [...new Set(fileRefs(payload).map((r) => r.id))]
}

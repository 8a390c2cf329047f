// Shared by the process API tests: records the processes act on (artworks, a room) written straight into
// the fresh database, users' ids and privileges, and small readers of what the effects wrote.
import { randomUUID } from 'node:crypto'
import type { TestContext } from './helpers'

export async function userOf(t: TestContext, username: string) {
  const rows = (await t.deps.database.raw('select id from users where username = $1', [username])) as {
    id: string
  }[]
  const id = rows[0].id
  const privs = (await t.deps.database.raw(
    `select rp.privilege, r.all_privileges from user_roles ur join roles r on r.id = ur.role_id
       left join role_privileges rp on rp.role_id = r.id where ur.user_id = $1`,
    [id],
  )) as { privilege: string | null; all_privileges: boolean }[]
  return {
    id,
    allPrivileges: privs.some((p) => p.all_privileges),
    privileges: new Set(privs.map((p) => p.privilege).filter((p): p is string => !!p)),
  }
}

let counter = 0

/** Artworks in the collection, in the warehouse unless told otherwise. */
export async function makeArtworks(
  t: TestContext,
  n: number,
  roomId: string | null = null,
): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    counter += 1
    const rows = (await t.deps.database.raw(
      `insert into artworks (inventory_no, title_zh, title_en, status, in_warehouse, room_id)
       values ($1, $2, $3, 'in_collection', $4, $5) returning id`,
      [`T-${Date.now()}-${counter}`, `测试作品${counter}`, `Test work ${counter}`, roomId !== null, roomId],
    )) as { id: string }[]
    ids.push(rows[0].id)
  }
  return ids
}

/** A room to move artworks into (the seeded ones when there are, else a new one). */
export async function makeRoom(t: TestContext, code = `R${Date.now()}${counter++}`): Promise<string> {
  const countries = (await t.deps.database.raw('select code from countries limit 1')) as { code: string }[]
  const rows = (await t.deps.database.raw(
    `insert into rooms (code, name_zh, name_en, liaison, email, country_code, icon, location)
     values ($1, $2, $3, '', '', $4, (enum_range(null::room_icon))[1], '') returning id`,
    [code, `库房${code}`, `Room ${code}`, countries[0].code],
  )) as { id: string }[]
  return rows[0].id
}

export async function artworkRows(t: TestContext, ids: string[]) {
  return (await t.deps.database.raw(
    `select id, status, in_warehouse, room_id, location_text, transport_status, insurance_status,
            insured_until::text as insured_until, active_process_id from artworks where id = any($1::uuid[])
     order by inventory_no`,
    [ids],
  )) as {
    id: string
    status: string
    in_warehouse: boolean
    room_id: string | null
    location_text: string
    transport_status: string
    insurance_status: string
    insured_until: string | null
    active_process_id: string | null
  }[]
}

export async function movementRows(t: TestContext, processId: string) {
  return (await t.deps.database.raw(
    'select artwork_id, kind, from_room_id, to_room_id, to_location from artwork_movements where process_id = $1 order by at, kind',
    [processId],
  )) as {
    artwork_id: string
    kind: string
    from_room_id: string | null
    to_room_id: string | null
    to_location: string
  }[]
}

export async function countRows(t: TestContext, table: string, where = 'true', params: unknown[] = []) {
  const rows = (await t.deps.database.raw(
    `select count(*)::int as n from ${table} where ${where}`,
    params,
  )) as {
    n: number
  }[]
  return rows[0].n
}

/** A stored PDF (a files row; the runtime checks that attachments exist and are PDFs where forms want them). */
export async function makePdf(t: TestContext): Promise<string> {
  const rows = (await t.deps.database.raw(
    `insert into files (original_name, mime, kind, size, sha256, storage_key, uploaded_by, purpose)
     select 'report.pdf', 'application/pdf', 'pdf', 1024, repeat('0', 64), $1, id, 'pdf'
       from users where username = 'admin' returning id`,
    [`test-${randomUUID()}`],
  )) as { id: string }[]
  attachmentId = rows[0].id
  return attachmentId
}
let attachmentId: string | undefined
const attachment = () => [attachmentId ?? randomUUID()]

// Step data of a purchase that passes every rule of src/shared/process-steps (call makePdf first).
export const dueDiligence = () => ({
  seller: 'Galerie Nord',
  sellerCountry: 'FR',
  price: '880000.00',
  currency: 'CNY',
  provenance: 'Acquired from the artist, 1998',
  authenticity: 'Certificate of the estate',
  condition: 'Good',
  marketSurvey: 'Comparable works 0.8–1.0m',
  recommendation: 'buy',
  attachments: attachment(),
})
export const CONTRACT_NO = `HT-${Date.now()}`
export const contract = (amount = '880000.00') => ({
  subject: 'Purchase of two works',
  number: CONTRACT_NO,
  contractType: 'ART_PURCHASE',
  applicant: 'Lin Shuyi',
  counterparty: 'Galerie Nord',
  effectiveDate: '2025-03-01',
  endDate: '2025-12-31',
  amount,
  currency: 'CNY',
  department: 'Collection',
  signatory: 'Wang Zhiyuan',
  sealType: 'CONTRACT_SEAL',
  copies: 2,
  attachments: attachment(),
})
export const payment = (amount = '880000.00') => ({
  paymentType: 'ART_PURCHASE',
  amount,
  currency: 'CNY',
  payeeAccountName: 'Galerie Nord SARL',
  payeeCountry: 'FR',
  payerCompany: 'Vitrine Family Holdings',
  relatedEvent: 'PURCHASE',
  costAttribution: 'COLLECTION',
  method: 'tt',
  payeeAccount: 'FR7630006000011234567890189',
  payeeAddress: '1 rue de Rivoli, Paris',
  payeeBankName: 'Credit Agricole',
  payeeBankAddress: 'Paris',
  swiftBic: 'AGRIFRPP',
  details: [{ payingCompany: 'Vitrine Family Holdings', amount }],
  attachments: attachment(),
})

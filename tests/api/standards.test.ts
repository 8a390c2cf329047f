// The collection-standards API on a real database: an artwork as Linked Art (the HumanMadeObject's published
// shapes: identifiers, bilingual names, production, dimensions, material statements, owners and room), and
// chosen artworks as LIDO 1.1, validated by xmllint against the official schema kept in src/server/modules/standards/lido-schema,
// and every bad selection refused with its own message in the request's language.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIDO_BATCH } from '../../src/server/modules/standards/lido'
import { LIDO_MAX } from '../../src/shared/contracts/standards'
import { createTestContext, type TestContext } from './helpers'
import { makeArtworks, makeRoom } from './process-helpers'

let t: TestContext
let registrar: string
let viewer: string
let room: string
let ids: string[]
let entity: string
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lido-'))
const XSD = path.join(__dirname, '../../src/server/modules/standards/lido-schema/lido-v1.1.xsd')

beforeAll(async () => {
  t = await createTestContext()
  registrar = await t.login('registrar')
  viewer = await t.login('viewer')
  room = await makeRoom(t)
  ids = await makeArtworks(t, LIDO_BATCH + 3, room)
  const [artist] = (await t.deps.database.raw(
    `insert into artists (name_zh, name_en) values ('齐白石', 'Qi Baishi') returning id`,
  )) as { id: string }[]
  await t.deps.database.raw(
    `update artworks set artist_id = $2, creation_time = '约1935年', materials_zh = '纸本设色 & 墨',
       materials_en = 'Ink and colour on paper', title_zh = '虾 <一>',
       dimensions = '{"picture":{"values":["60","80"],"unit":"cm"},"frame":{"values":["75","95","4.5"],"unit":"cm"}}'
     where id = $1`,
    [ids[0], artist.id],
  )
  const [e] = (await t.deps.database.raw(
    `insert into legal_entities (name_zh, name_en, kind, jurisdiction)
     values ('甲公司', 'Company A', 'company', (select code from countries limit 1)) returning id`,
  )) as { id: string }[]
  entity = e.id
  await t.deps.database.raw(
    `insert into artwork_ownerships (artwork_id, entity_id, share_percent, valid_from)
     values ($1, $2, '100.00', '2020-01-01')`,
    [ids[0], entity],
  )
}, 120_000)
afterAll(async () => {
  await t?.close()
  rmSync(tmp, { recursive: true, force: true })
})

async function get(url: string, token: string | null, system: string, lang = 'en') {
  const res = await t.app.request(url, {
    headers: {
      'x-system-name': system,
      ...(token ? { 'x-auth-token': token } : {}),
      'accept-language': lang,
    },
  })
  return { res, body: await res.text() }
}

type Node = Record<string, any>
const ids_of = (list: Node[] | undefined) => (list ?? []).map((n) => n.id)

describe('Linked Art', () => {
  it('answers the artwork as a HumanMadeObject in the published shapes', async () => {
    const { res, body } = await get(`/api/artworks/${ids[0]}/linked-art`, viewer, 'artworkArchive')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/ld+json')
    const doc = JSON.parse(body) as Node
    expect(doc['@context']).toBe('https://linked.art/ns/v1/linked-art.json')
    expect(doc.type).toBe('HumanMadeObject')
    expect(doc.id).toBe(`${t.deps.config.publicUrl}/api/artworks/${ids[0]}/linked-art`)

    const [inventory] = (await t.deps.database.raw('select inventory_no from artworks where id = $1', [
      ids[0],
    ])) as { inventory_no: string }[]
    const identifier = doc.identified_by.find((n: Node) => n.type === 'Identifier')
    expect(identifier.content).toBe(inventory.inventory_no)
    expect(ids_of(identifier.classified_as)).toEqual(['http://vocab.getty.edu/aat/300312355'])
    const titles = doc.identified_by.filter((n: Node) => n.type === 'Name')
    expect(titles.map((n: Node) => [n.content, n.language[0].id])).toEqual([
      ['虾 <一>', 'http://vocab.getty.edu/aat/300388113'],
      [expect.stringMatching(/^Test work \d+$/), 'http://vocab.getty.edu/aat/300388277'],
    ])
    expect(titles[0].language[0].type).toBe('Language')
    expect(ids_of(titles[0].classified_as)).toEqual(['http://vocab.getty.edu/aat/300404670'])

    expect(doc.produced_by.type).toBe('Production')
    const [artist] = doc.produced_by.carried_out_by
    expect(artist.type).toBe('Person')
    expect(artist.identified_by.map((n: Node) => n.content)).toEqual(['齐白石', 'Qi Baishi'])
    expect(doc.produced_by.timespan).toMatchObject({
      type: 'TimeSpan',
      begin_of_the_begin: '1935-01-01T00:00:00Z',
      end_of_the_end: '1935-12-31T23:59:59Z',
    })

    // The picture's height and width are the object's; the frame's three sizes are its part's.
    expect(
      doc.dimension.map((d: Node) => [d.type, d.classified_as[0].id, d.value, d.unit.id, d.unit.type]),
    ).toEqual([
      [
        'Dimension',
        'http://vocab.getty.edu/aat/300055644',
        60,
        'http://vocab.getty.edu/aat/300379098',
        'MeasurementUnit',
      ],
      [
        'Dimension',
        'http://vocab.getty.edu/aat/300055647',
        80,
        'http://vocab.getty.edu/aat/300379098',
        'MeasurementUnit',
      ],
    ])
    expect(doc.part[0].dimension.map((d: Node) => d.value)).toEqual([75, 95, 4.5])
    expect(ids_of(doc.part[0].dimension[2].classified_as)).toEqual(['http://vocab.getty.edu/aat/300072633'])

    const materials = doc.referred_to_by.filter(
      (s: Node) => s.classified_as[0].id === 'http://vocab.getty.edu/aat/300435429',
    )
    expect(materials.map((s: Node) => [s.type, s.content])).toEqual([
      ['LinguisticObject', '纸本设色 & 墨'],
      ['LinguisticObject', 'Ink and colour on paper'],
    ])
    expect(ids_of(materials[0].classified_as[0].classified_as)).toEqual([
      'http://vocab.getty.edu/aat/300418049',
    ])

    expect(doc.current_owner).toEqual([
      expect.objectContaining({ type: 'Group', id: `${t.deps.config.publicUrl}/api/entities/${entity}` }),
    ])
    expect(doc.current_owner[0].identified_by.map((n: Node) => n.content)).toEqual(['甲公司', 'Company A'])
    expect(doc.current_location.type).toBe('Place')
    expect(doc.current_location.id).toBe(`${t.deps.config.publicUrl}/api/warehouse/rooms/${room}`)
    expect(doc.current_location.identified_by.map((n: Node) => n.content)[0]).toMatch(/^库房R/)
  })

  it('leaves out what the record does not have', async () => {
    const doc = JSON.parse((await get(`/api/artworks/${ids[1]}/linked-art`, viewer, 'artworkArchive')).body)
    expect(doc.produced_by).toBeUndefined()
    expect(doc.dimension).toBeUndefined()
    expect(doc.current_owner).toBeUndefined()
    expect(doc.referred_to_by).toBeUndefined()
  })

  it('answers 404 for an unknown artwork and refuses a caller who is not signed in', async () => {
    const missing = await get(`/api/artworks/${randomUUID()}/linked-art`, viewer, 'artworkArchive', 'zh-CN')
    expect(missing.res.status).toBe(404)
    expect(JSON.parse(missing.body).msg).toBe('记录不存在')
    const anonymous = await get(`/api/artworks/${ids[0]}/linked-art`, null, 'artworkArchive')
    expect(anonymous.res.status).toBe(403)
  })
})

function validate(xml: string, name: string): string {
  const file = path.join(tmp, name)
  writeFileSync(file, xml)
  // --nonet: the schema and everything it imports are local files.
  return execFileSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

describe('LIDO export', () => {
  it('is a LIDO 1.1 file the official schema accepts, one record per artwork in the order asked', async () => {
    const chosen = [ids[0], ...ids.slice(2)]
    const { res, body } = await get(
      `/api/exports/lido.xml?artworkIds=${chosen.join(',')}`,
      registrar,
      'artworkArchive',
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    expect(res.headers.get('content-disposition')).toMatch(/attachment; .*lido/)
    expect(res.headers.get('x-artwork-count')).toBe(String(chosen.length))
    expect(() => validate(body, 'export.xml')).not.toThrow()
    expect(body).toContain('<lido:lidoWrap xmlns:lido="http://www.lido-schema.org"')
    const recIds = [...body.matchAll(/<lido:lidoRecID[^>]*>([^<]+)</g)].map((m) => m[1])
    expect(recIds).toEqual(chosen)
    expect(body).not.toContain(ids[1])

    const first = body.slice(body.indexOf('<lido:lido>'), body.indexOf('</lido:lido>'))
    expect(first).toContain(
      '<lido:appellationValue xml:lang="zh" lido:pref="preferred">虾 &lt;一&gt;</lido:appellationValue>',
    )
    expect(first).toMatch(/<lido:appellationValue xml:lang="en" lido:pref="alternate">Test work \d+</)
    expect(first).toMatch(/<lido:workID lido:type="[^"]+">T-\d+-\d+<\/lido:workID>/)
    expect(first).toContain('<lido:measurementValue>60</lido:measurementValue>')
    expect(first).toContain('<lido:measurementValue>4.5</lido:measurementValue>')
    expect(first).toContain('<lido:term xml:lang="en">Production</lido:term>')
    expect(first).toContain(
      '<lido:appellationValue xml:lang="en" lido:pref="alternate">Qi Baishi</lido:appellationValue>',
    )
    expect(first).toContain('<lido:displayDate>约1935年</lido:displayDate>')
    expect(first).toContain('<lido:earliestDate>1935</lido:earliestDate>')
    expect(first).toContain('纸本设色 &amp; 墨')
    expect(first).toContain(
      `<lido:recordID lido:type="http://terminology.lido-schema.org/lido00100" lido:source="${t.deps.config.officeName || 'Vitrine'}">${ids[0]}</lido:recordID>`,
    )
  })

  it('the schema check would catch a broken record', () => {
    const broken = `<?xml version="1.0"?><lido:lidoWrap xmlns:lido="http://www.lido-schema.org"><lido:lido><lido:descriptiveMetadata/></lido:lido></lido:lidoWrap>`
    expect(() => validate(broken, 'broken.xml')).toThrow()
  })

  it('is for holders of the archive export privilege only', async () => {
    const { res } = await get(`/api/exports/lido.xml?artworkIds=${ids[0]}`, viewer, 'artworkArchive')
    expect(res.status).toBe(403)
  })
})

describe('bad LIDO selections', () => {
  const refused = async (query: string, lang: string) => {
    const { res, body } = await get(`/api/exports/lido.xml${query}`, registrar, 'artworkArchive', lang)
    expect(res.headers.get('content-type')).toContain('application/json')
    const envelope = JSON.parse(body) as {
      code: number
      msg: string
      data: { fieldErrors: Record<string, string> }
    }
    return { status: res.status, ...envelope }
  }

  it('unknown artworks are named, in both languages', async () => {
    const a = randomUUID()
    const b = randomUUID()
    const en = await refused(`?artworkIds=${ids[0]},${a},${b}`, 'en')
    expect(en.status).toBe(400)
    expect(en.msg).toBe(`2 of the chosen artworks are not in the archive: ${a}, ${b}`)
    // The refusal stands at the field, worded in the request's language.
    expect(en.data.fieldErrors).toEqual({ artworkIds: en.msg })
    const zh = await refused(`?artworkIds=${a}`, 'zh-CN')
    expect(zh.msg).toBe(`所选作品中有 1 件不在档案中：${a}`)
  })

  it('too many artworks, a malformed id or none at all', async () => {
    const many = Array.from({ length: LIDO_MAX + 1 }, () => randomUUID()).join(',')
    const en = await refused(`?artworkIds=${many}`, 'en')
    expect(en.status).toBe(400)
    expect(en.msg).toBe(
      `At most ${LIDO_MAX} artworks can be exported as LIDO at once (this asks for ${LIDO_MAX + 1}): export in parts`,
    )
    const zh = await refused(`?artworkIds=${many}`, 'zh-CN')
    expect(zh.msg).toBe(`一次最多导出 ${LIDO_MAX} 件作品为 LIDO（本次为 ${LIDO_MAX + 1} 件），请分批导出`)
    expect((await refused('?artworkIds=abc', 'en')).msg).toBe('Not an artwork reference: abc')
    expect((await refused('?artworkIds=abc', 'zh-CN')).msg).toBe('无法识别的作品标识：abc')
    const none = await refused('?artworkIds=', 'zh-CN')
    expect(none.status).toBe(400)
    expect(none.msg).toBe('请选择要导出为 LIDO 的作品')
  })
})

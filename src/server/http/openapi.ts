// Finishes /api/openapi.json in one place so every operation is documented alike, whichever module
// declared it: a stable operationId from method + path, the x-auth-token scheme (or `security: []` for a
// public operation, read from its `x-privilege`), the optional x-system-name header, the error envelope
// as a component and the 4xx answers each kind of operation can give. A standard linter (Redocly's
// recommended rules) passes it with no error (tests/api/openapi.test.ts).
import type { OpenAPIHono } from '@hono/zod-openapi'
import { ERROR_CODES } from '../../shared/errors'
import { SYSTEM_NAMES } from '../../shared/privileges'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const

type Json = Record<string, unknown>

/** The 3.1 document the API's router generates. */
type OpenAPIObject = ReturnType<OpenAPIHono['getOpenAPI31Document']>

/** `post /api/reference/tags/{id}/enable` → `postReferenceTagsByIdEnable`: stable, readable, unique. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      return param ? ['by', ...param[1].split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/)
    })
    .filter(Boolean)
  return [method.toLowerCase(), ...words]
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('')
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` })

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('schemas', 'ErrorEnvelope') } },
})

const COMPONENTS = {
  securitySchemes: {
    authToken: {
      type: 'apiKey',
      in: 'header',
      name: 'x-auth-token',
      description: 'The token from POST /api/auth/login (data.token).',
    },
  },
  parameters: {
    SystemName: {
      name: 'x-system-name',
      in: 'header',
      required: false,
      description:
        'The system (first route segment) the call is made from. When it names a system, the user must hold a privilege in it (else 4031); absent or another word (home, login), no system is checked.',
      schema: { type: 'string', enum: SYSTEM_NAMES },
    },
  },
  schemas: {
    ErrorEnvelope: {
      type: 'object',
      description: `Every error: \`code\` is one of ${Object.values(ERROR_CODES).join(', ')} (4031: signed in but lacking the privilege; travels as HTTP 403), \`msg\` is in the request's language (Accept-Language), \`data\` is null or carries \`fieldErrors\` naming the fields at fault (400).`,
      required: ['code', 'msg', 'data'],
      properties: {
        code: { type: 'integer', enum: Object.values(ERROR_CODES) },
        msg: { type: 'string' },
        data: {
          oneOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: {
                fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          ],
        },
      },
    },
  },
  responses: {
    BadRequest: errorResponse('400: invalid input; data.fieldErrors names each field at fault'),
    Forbidden: errorResponse('403: not signed in (code 403) or lacking the privilege (code 4031)'),
    NotFound: errorResponse('404: no such record (or one this user may not see)'),
    Conflict: errorResponse('409: the record changed meanwhile, a duplicate, or a state that forbids it'),
    PayloadTooLarge: errorResponse('413: the body is over the limit'),
    TooManyRequests: errorResponse('429: too many attempts; msg says for how long'),
  },
}

/** Adds the shared components and completes every operation of a generated document, in place. */
export function finishDocument(doc: OpenAPIObject): OpenAPIObject {
  const d = doc
  d.servers = [{ url: '/', description: 'This server (paths start with /api)' }]
  d.info = { ...d.info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } }
  const components: Record<string, Json> = { ...d.components }
  for (const [kind, entries] of Object.entries(COMPONENTS))
    components[kind] = { ...(components[kind] ?? {}), ...entries }
  d.components = components
  const seen = new Map<string, string>()
  for (const [path, item] of Object.entries(d.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const id = op.operationId ?? operationIdOf(method, path)
      const other = seen.get(id)
      if (other) throw new Error(`OpenAPI: operationId ${id} of ${method} ${path} is also ${other}'s`)
      seen.set(id, `${method} ${path}`)
      op.operationId = id
      const isPublic = op['x-privilege'] === 'public'
      const params = op.parameters ?? []
      /** The operation's own parameters (a `$ref` to a shared one is neither in the query nor the path). */
      const has = (where: string, name?: string) =>
        params.some((p) => 'in' in p && p.in === where && (name === undefined || p.name === name))
      // A public download answers a signed link (query `sig`) or a token: either will do.
      const signedLink = isPublic && has('query', 'sig')
      op.security = signedLink ? [{ authToken: [] }, {}] : isPublic ? [] : [{ authToken: [] }]
      if (!isPublic) op.parameters = [...params, ref('parameters', 'SystemName')]
      const responses: Record<string, unknown> = {}
      // Every query string (and body) passes the input rule at the edge, so any operation can answer 400.
      responses['400'] = ref('responses', 'BadRequest')
      if (!isPublic || signedLink || path === '/api/auth/login')
        responses['403'] = ref('responses', 'Forbidden')
      if (has('path')) responses['404'] = ref('responses', 'NotFound')
      if (!isPublic && method !== 'get') responses['409'] = ref('responses', 'Conflict')
      if (op.requestBody !== undefined) responses['413'] = ref('responses', 'PayloadTooLarge')
      if (path === '/api/auth/login' || path === '/api/auth/password')
        responses['429'] = ref('responses', 'TooManyRequests')
      op.responses = { ...(op.responses ?? {}), ...responses }
    }
  }
  return doc
}

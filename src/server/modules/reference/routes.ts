// The reference-data calls of docs/architecture.md § Reference-data calls, with its exact paths, methods and parameters (mounted at /api).
// Every call needs a signed-in user. Empty GET parameters count as absent; an unknown dictCode or
// parentTagId is a 400, not a silently empty list. The getAll* lists are POSTs whose body is ignored.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { holds } from '../../../shared/access'
import {
  childTreeQuery,
  countryItem,
  type DictCode,
  dictionaryItem,
  dictionaryQuery,
  enterpriseOption,
  isDictCode,
  organizationOption,
  roomOption,
  tagItem,
  tagQuery,
  userOption,
  vendorOption,
} from '../../../shared/contracts/reference'
import { access, currentUser } from '../../http/access'
import { AppError } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import {
  countryList,
  dictionaryItems,
  enterpriseOptions,
  organizationOptions,
  roomOptions,
  tagsByParent,
  userOptions,
  vendorOptions,
} from './queries'

function knownDictCode(code: string): DictCode {
  if (!isDictCode(code)) {
    throw new AppError(400, 'unknownDictCode', undefined, { fieldErrors: { dictCode: 'unknownDictCode' } })
  }
  return code
}

export function referenceCallRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tag = ['reference data (docs/architecture.md § Reference-data calls)']
  const signedIn = access(deps, 'signedIn')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/data_dictionary/get_data_dictionary',
      tags: tag,
      summary: 'A dictionary by dictCode: its enabled items (trees come nested)',
      ...signedIn,
      request: { query: dictionaryQuery },
      responses: okResponse(z.array(dictionaryItem)),
    }),
    async (c) => {
      const code = knownDictCode(c.req.valid('query').dictCode)
      return ok(c, await dictionaryItems(db, code, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/data_dictionary/get_dictionary_tree_by_code',
      tags: tag,
      summary: 'A dictionary as a tree, every level',
      ...signedIn,
      request: { query: dictionaryQuery },
      responses: okResponse(z.array(dictionaryItem)),
    }),
    async (c) => {
      const code = knownDictCode(c.req.valid('query').dictCode)
      return ok(c, await dictionaryItems(db, code, c.get('lang'), { asTree: true }))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/data_dictionary/get_child_dictionary_tree_by_code',
      tags: tag,
      summary: 'A dictionary as a tree down to `level` (1 = the top items alone; absent = every level)',
      ...signedIn,
      request: { query: childTreeQuery },
      responses: okResponse(z.array(dictionaryItem)),
    }),
    async (c) => {
      const q = c.req.valid('query')
      const code = knownDictCode(q.dictCode)
      return ok(c, await dictionaryItems(db, code, c.get('lang'), { asTree: true, level: q.level }))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/mdm_tag/get_mdm_tag_by_parent_tag',
      tags: tag,
      summary: 'The enabled children of a parent tag (id or code); without parentTagId, the parent tags',
      ...signedIn,
      request: { query: tagQuery },
      responses: okResponse(z.array(tagItem)),
    }),
    async (c) => ok(c, await tagsByParent(db, c.req.valid('query').parentTagId, c.get('lang'))),
  )

  /** A getAll* list: a POST by the call's historical contract, but a lookup (logged as one, not as a creation). */
  const listRoute = <S extends z.ZodType>(
    path: string,
    summary: string,
    schema: S,
    load: (c: Context<AppEnv>) => Promise<z.output<S>[]>,
  ) =>
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags: tag,
        summary: `${summary} (empty body)`,
        ...signedIn,
        responses: okResponse(z.array(schema)),
      }),
      async (c) => {
        c.set('operationType', 'QUERY')
        return ok(c, await load(c))
      },
    )

  listRoute('/art/getAllUser', 'Every enabled user', userOption, async (c) => {
    const list = await userOptions(db, c.get('lang'))
    // Pickers show display names: sign-in names go only to those who manage accounts.
    return holds(currentUser(c), 'authManage:view')
      ? list
      : list.map(({ username: _username, ...rest }) => rest)
  })
  listRoute('/art/getAllOrganization', "The office's departments", organizationOption, (c) =>
    organizationOptions(db, c.get('lang')),
  )
  listRoute('/art/getAllEnt', "The family's paying companies", enterpriseOption, (c) =>
    enterpriseOptions(db, c.get('lang')),
  )
  listRoute('/art/getAllVendors', 'Vendors with kind and bank details', vendorOption, (c) =>
    vendorOptions(db, c.get('lang')),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/country/getCountryList',
      tags: tag,
      summary: 'Every enabled country (ISO 3166-1)',
      ...signedIn,
      responses: okResponse(z.array(countryItem)),
    }),
    async (c) => ok(c, await countryList(db, c.get('lang'))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/room/getRoomList',
      tags: tag,
      summary: 'Every enabled warehouse room with liaison, email, country, icon and location',
      ...signedIn,
      responses: okResponse(z.array(roomOption)),
    }),
    async (c) => ok(c, await roomOptions(db, c.get('lang'))),
  )

  return app
}

// A router for one API module: OpenAPIHono with the shared validation hook, so every module
// validates and documents its routes the same way.
import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from './context'
import { validationHook } from './envelope'

export function moduleRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
}

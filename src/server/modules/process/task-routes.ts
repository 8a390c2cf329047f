// The task API, under /api/process beside the processes: the signed-in user's inbox of tasks,
// the bell's counts, a process's open tasks, and claiming or releasing a task. Mounted before the process
// routes, so that /inbox is never read as a process id.
import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { inboxCounts, inboxQuery, inboxView, taskView } from '../../../shared/contracts/tasks'
import { processTasks } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { notFound } from '../../http/app-error'
import type { AppEnv, Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { processInScope, requestScope } from '../auth/scope'
import { claimTask, countsOf, inboxOf, openTasksOf, releaseTask } from '../tasks/inbox'
import { noticeTasksChanged } from '../tasks/notice'
import { inboxStreamRoute } from '../tasks/stream'
import { actorOf } from './decide'

const idParam = z.object({ id: z.uuid().openapi({ param: { in: 'path', name: 'id', required: true } }) })
const taskParam = z.object({
  taskId: z.uuid().openapi({ param: { in: 'path', name: 'taskId', required: true } }),
})

export function taskRoutes(deps: Deps) {
  const app = moduleRouter()
  const db = deps.database.db
  const tags = ['devOpsManage: tasks']
  const timeZone = deps.config.timeZone

  /** A task of a process out of the user's scope answers 404, as if it did not exist. */
  async function taskInScope(c: Context<AppEnv>, taskId: string): Promise<void> {
    const scope = await requestScope(c, db)
    if (!scope) return
    const [task] = await db
      .select({ processId: processTasks.processId })
      .from(processTasks)
      .where(eq(processTasks.id, taskId))
    if (task && !(await processInScope(db, scope, task.processId))) throw notFound()
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/inbox',
      tags,
      summary:
        "The current user's open tasks (and those delegated to them today), overdue first, then by due date",
      ...access(deps, 'signedIn'),
      request: { query: inboxQuery },
      responses: okResponse(inboxView),
    }),
    async (c) =>
      ok(
        c,
        await inboxOf(
          db,
          actorOf(currentUser(c)),
          { ...c.req.valid('query'), scope: await requestScope(c, db) },
          timeZone,
        ),
      ),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/inbox/counts',
      tags,
      summary: 'What the bell shows: open tasks, how many overdue, unread messages',
      ...access(deps, 'signedIn'),
      responses: okResponse(inboxCounts),
    }),
    async (c) =>
      ok(c, await countsOf(db, actorOf(currentUser(c)), timeZone, undefined, await requestScope(c, db))),
  )

  // Server-sent events: the counts above, again whenever they change (stream.ts).
  inboxStreamRoute(app, deps)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/tasks',
      tags,
      summary: "A process's open tasks: what each waits for, from whom, by when",
      ...access(deps, 'devOpsManage:view'),
      request: { params: idParam },
      responses: okResponse(z.array(taskView)),
    }),
    async (c) => ok(c, await openTasksOf(db, c.req.valid('param').id)),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/tasks/{taskId}/claim',
      tags,
      summary: 'Claim a task (an approver of its type may take over one someone else holds)',
      ...access(deps, 'signedIn'),
      request: { params: taskParam },
      responses: okResponse(taskView),
    }),
    async (c) => {
      c.set('operationType', 'TASK_CLAIM')
      await taskInScope(c, c.req.valid('param').taskId)
      const task = await claimTask(db, actorOf(currentUser(c)), c.req.valid('param').taskId, timeZone)
      await noticeTasksChanged(db)
      return ok(c, task)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/tasks/{taskId}/release',
      tags,
      summary: 'Release a claimed task (its claimer, or an approver of its type)',
      ...access(deps, 'signedIn'),
      request: { params: taskParam },
      responses: okResponse(taskView),
    }),
    async (c) => {
      c.set('operationType', 'TASK_RELEASE')
      await taskInScope(c, c.req.valid('param').taskId)
      const task = await releaseTask(db, actorOf(currentUser(c)), c.req.valid('param').taskId)
      await noticeTasksChanged(db)
      return ok(c, task)
    },
  )

  return app
}

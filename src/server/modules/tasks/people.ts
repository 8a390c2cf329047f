// Who may do a task, by name: the enabled users the task row admits (not excluded — a payment's submitter
// never confirms it —, within the settings' role or people) who hold one of the privileges that let them
// do it. Administrators (every privilege) are named only when nobody holds one of them in so many words.
// The same rule routes a confirmation of payment that nobody else could confirm to the type's approvers
// (machines/tasks.ts `routedPrivilege`), so that it waits in someone's inbox rather than in none.
import { type SQL, sql } from 'drizzle-orm'
import { actingPrivileges, routedPrivilege, type TaskKind } from '../../../../machines/tasks'
import type { ProcessType } from '../../../shared/process-types'
import type { DbOrTx } from '../../db/client'
import { rowsOf } from '../messages/send'

/** The user `u` holds one of `privileges` (a text[]) through an enabled role or on their own. */
function holdsSql(privileges: SQL): SQL {
  return sql`(exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
                       join role_privileges rp on rp.role_id = r.id
                      where ur.user_id = u.id and rp.privilege = any(${privileges}))
           or exists (select 1 from user_privileges up where up.user_id = u.id and up.privilege = any(${privileges})))`
}

/** The user `u` is an administrator (an enabled role with every privilege). */
const adminSql = sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
                             where ur.user_id = u.id and r.all_privileges)`

/** The task row `t` admits the user `u`: enabled, not excluded, within the settings' role or people. */
const admittedSql = sql`u.enabled
  and not (u.id = any(t.excluded_user_ids))
  and (t.candidate_role_id is null or exists (select 1 from user_roles ur
        where ur.user_id = u.id and ur.role_id = t.candidate_role_id))
  and (t.candidate_user_ids is null or u.id = any(t.candidate_user_ids))`

const textArray = (list: readonly string[]) => sql`${`{${list.map((p) => `"${p}"`).join(',')}}`}::text[]`

export interface TaskPerson {
  id: string
  name: string
}

/** For each task, who may do it now (names in order); administrators only when nobody else may. */
export async function peopleOf(
  db: DbOrTx,
  tasks: { id: string; kind: TaskKind; type: ProcessType; privileges: readonly string[] }[],
): Promise<Map<string, TaskPerson[]>> {
  const out = new Map<string, TaskPerson[]>(tasks.map((t) => [t.id, []]))
  if (tasks.length === 0) return out
  const wanted = sql.join(
    tasks.map((t) => sql`(${t.id}::uuid, ${textArray(actingPrivileges(t))})`),
    sql`, `,
  )
  const rows = rowsOf<{ task_id: string; id: string; name: string; named: boolean }>(
    await db.execute(sql`select a.task_id::text as task_id, u.id::text as id, u.display_name as name,
            ${holdsSql(sql`a.privileges`)} as named
       from (values ${wanted}) as a(task_id, privileges)
       join process_tasks t on t.id = a.task_id
       cross join users u
      where ${admittedSql} and (${holdsSql(sql`a.privileges`)} or ${adminSql})
      order by u.display_name, u.id`),
  )
  for (const task of tasks) {
    const mine = rows.filter((r) => r.task_id === task.id)
    const named = mine.filter((r) => r.named)
    out.set(
      task.id,
      (named.length > 0 ? named : mine).map((r) => ({ id: r.id, name: r.name })),
    )
  }
  return out
}

/**
 * A task nobody it admits holds one of its privileges in so many words (the submitter was the only payer):
 * routed also to the holders of its `routedPrivilege`, in the caller's transaction.
 */
export async function routeWhenNobodyElse(
  tx: DbOrTx,
  task: { id: string; kind: TaskKind; type: ProcessType },
): Promise<void> {
  const routed = routedPrivilege(task.kind, task.type)
  if (!routed) return
  await tx.execute(sql`update process_tasks t set privileges = array_append(t.privileges, ${routed}::text)
     where t.id = ${task.id}::uuid and not (${routed}::text = any(t.privileges))
       and not exists (select 1 from users u where ${admittedSql} and ${holdsSql(sql`t.privileges`)})`)
}

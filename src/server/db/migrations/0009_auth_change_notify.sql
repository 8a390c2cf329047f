-- Scale-out: every server on one PostgreSQL database hears at once, through NOTIFY on the channel
-- `vitrine_auth`, that a session was revoked (payload: its token hash) or that users, roles or privileges
-- changed (payload `*`), and drops what its session cache holds (modules/auth/sessions.ts). The notices
-- leave with the commit of the transaction that made the change, never before it, whoever wrote it.
create or replace function vitrine_notify_session_revoked() returns trigger
language plpgsql
as $fn$
begin
  perform pg_notify('vitrine_auth', new.token_hash);
  return null;
end
$fn$;
--> statement-breakpoint
create trigger sessions_revoked_notify
  after update of revoked_at on sessions
  for each row when (new.revoked_at is not null and old.revoked_at is null)
  execute function vitrine_notify_session_revoked();
--> statement-breakpoint
create or replace function vitrine_notify_auth_changed() returns trigger
language plpgsql
as $fn$
begin
  perform pg_notify('vitrine_auth', '*');
  return null;
end
$fn$;
--> statement-breakpoint
create trigger users_auth_notify
  after update of username, display_name, enabled or delete on users
  for each statement execute function vitrine_notify_auth_changed();
--> statement-breakpoint
create trigger roles_auth_notify
  after update of enabled, all_privileges or delete on roles
  for each statement execute function vitrine_notify_auth_changed();
--> statement-breakpoint
create trigger role_privileges_auth_notify
  after insert or update or delete on role_privileges
  for each statement execute function vitrine_notify_auth_changed();
--> statement-breakpoint
create trigger user_roles_auth_notify
  after insert or update or delete on user_roles
  for each statement execute function vitrine_notify_auth_changed();
--> statement-breakpoint
create trigger user_privileges_auth_notify
  after insert or update or delete on user_privileges
  for each statement execute function vitrine_notify_auth_changed();

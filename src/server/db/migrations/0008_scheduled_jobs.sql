CREATE TABLE "scheduled_jobs" (
	"job" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_by" text
);

CREATE TABLE "process_definition_versions" (
	"type" "process_type" NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "process_definition_versions_type_version_pk" PRIMARY KEY("type","version")
);

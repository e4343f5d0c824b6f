CREATE TABLE "document_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"company_id" integer,
	"request_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_unit" text DEFAULT 'services' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"content_type" text,
	"file" "bytea",
	"error" text,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "document_jobs_active_request_unique" ON "document_jobs" USING btree ("owner","request_key") WHERE "document_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "document_jobs_running_owner_unique" ON "document_jobs" USING btree ("owner") WHERE "document_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "document_jobs_status_created_idx" ON "document_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "document_jobs_expires_idx" ON "document_jobs" USING btree ("expires_at");
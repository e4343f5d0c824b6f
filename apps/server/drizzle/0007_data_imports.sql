CREATE TABLE "data_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"company_id" integer,
	"table_name" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"undo" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_imports_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_imports_owner_table_idx" ON "data_imports" USING btree (coalesce("company_id", 0),"table_name","status");--> statement-breakpoint
CREATE INDEX "data_imports_expires_idx" ON "data_imports" USING btree ("expires_at");
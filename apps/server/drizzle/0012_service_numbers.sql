-- Issue 23: service codes numbered per company. Existing services keep the codes they were printed with: their
-- number is their row id (unique across companies, hence within each), and each company's counter starts after
-- its highest one, so its next service continues from there. A company without services starts at 00001.
CREATE TABLE "service_number_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calculations" ADD COLUMN "service_number" integer;--> statement-breakpoint
UPDATE "calculations" SET "service_number" = "id";--> statement-breakpoint
ALTER TABLE "calculations" ALTER COLUMN "service_number" SET NOT NULL;--> statement-breakpoint
INSERT INTO "service_number_counters" ("company_id", "last_number")
	SELECT "company_id", max("service_number") FROM "calculations" GROUP BY "company_id";--> statement-breakpoint
ALTER TABLE "service_number_counters" ADD CONSTRAINT "service_number_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calculations_company_service_number_unique" ON "calculations" USING btree ("company_id","service_number");

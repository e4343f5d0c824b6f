CREATE TABLE "order_number_counters" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_number_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number_year" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
-- Issue 33: every existing order is numbered inside its company and the Kyiv year it was placed in, in the order
-- they were placed (deleted ones too: a number is never reused), and each counter starts after the last.
UPDATE "orders" AS o SET "number_year" = n."year", "number" = n."number"
FROM (
  SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'Europe/Kyiv')::integer AS "year",
    row_number() OVER (
      PARTITION BY "company_id", extract(year FROM "created_at" AT TIME ZONE 'Europe/Kyiv')
      ORDER BY "created_at", "id"
    )::integer AS "number"
  FROM "orders"
) AS n WHERE n."id" = o."id";--> statement-breakpoint
INSERT INTO "order_number_counters" ("company_id", "year", "last_number")
SELECT "company_id", "number_year", max("number") FROM "orders" GROUP BY "company_id", "number_year";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number_year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_year_number_unique" ON "orders" USING btree ("company_id","number_year","number");
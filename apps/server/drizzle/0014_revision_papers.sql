CREATE TABLE "order_papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"version" integer NOT NULL,
	"order_name" text NOT NULL,
	"company_name" text NOT NULL,
	"company_info" jsonb NOT NULL,
	"price_rounding" text NOT NULL,
	"services" jsonb NOT NULL,
	"signatures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_papers_price_rounding_check" CHECK ("order_papers"."price_rounding" in ('none', '0.50', '1.00'))
);
--> statement-breakpoint
ALTER TABLE "order_revisions" ADD COLUMN "order_name" text;--> statement-breakpoint
ALTER TABLE "order_revisions" ADD COLUMN "company_name" text;--> statement-breakpoint
-- Issue 33: a revision kept before today carries the order's and the company's names of today (the closest record
-- there is), and each of its services the number it is printed with: its row's service number (what its code was
-- since migration 0012), or its id where the row is gone (the number 0012 gave it, when it was made before 0012).
UPDATE "order_revisions" AS r SET "order_name" = o."name", "company_name" = c."name"
FROM "orders" AS o JOIN "companies" AS c ON c."id" = o."company_id" WHERE o."id" = r."order_id";--> statement-breakpoint
UPDATE "order_revisions" AS r SET "services" = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN s.elem ? 'serviceNumber' THEN s.elem
      ELSE s.elem || jsonb_build_object('serviceNumber', coalesce(k."service_number", (s.elem->>'id')::integer))
    END ORDER BY s.ord), '[]'::jsonb)
  FROM jsonb_array_elements(r."services") WITH ORDINALITY AS s(elem, ord)
  LEFT JOIN "calculations" AS k ON k."id" = (s.elem->>'id')::integer
) WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(r."services") AS e(elem) WHERE NOT e.elem ? 'serviceNumber');--> statement-breakpoint
ALTER TABLE "order_revisions" ALTER COLUMN "order_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_revisions" ALTER COLUMN "company_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_papers" ADD CONSTRAINT "order_papers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_papers_order_revision_unique" ON "order_papers" USING btree ("order_id","revision");
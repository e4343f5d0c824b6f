CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"inventory_number" text DEFAULT '' NOT NULL,
	"first_cost" numeric(14, 2) NOT NULL,
	"residual_value" numeric(14, 2) NOT NULL,
	"useful_life_years" integer NOT NULL,
	"hours_per_year" numeric(7, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_company_idx" ON "equipment" USING btree ("company_id");
-- Issue 41: the institutions taking part in the anonymous tariff comparison and their figures per template service.
CREATE TABLE "tariff_comparison_figures" (
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"tariff" numeric(14, 2) NOT NULL,
	"shares" jsonb NOT NULL,
	"minutes" integer NOT NULL,
	"approved_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_comparison_figures_company_id_template_id_pk" PRIMARY KEY("company_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "tariff_comparison_participants" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"oblast" text NOT NULL,
	"beds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tariff_comparison_figures" ADD CONSTRAINT "tariff_comparison_figures_company_id_tariff_comparison_participants_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."tariff_comparison_participants"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_comparison_participants" ADD CONSTRAINT "tariff_comparison_participants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_comparison_figures_template_idx" ON "tariff_comparison_figures" USING btree ("template_id");
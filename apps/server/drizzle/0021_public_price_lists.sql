-- Issue 36: the public price list of a company (switch, address, the list as last built) and its earlier addresses.
CREATE TABLE "public_price_list_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_price_lists" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"built_generation" integer DEFAULT 0 NOT NULL,
	"body" jsonb,
	"etag" text,
	"valid_until" date,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_price_lists_slug_unique" UNIQUE("slug"),
	CONSTRAINT "public_price_lists_slug_check" CHECK ("public_price_lists"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "public_price_list_slugs" ADD CONSTRAINT "public_price_list_slugs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_price_lists" ADD CONSTRAINT "public_price_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
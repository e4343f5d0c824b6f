CREATE TABLE "order_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"company_info" jsonb NOT NULL,
	"price_rounding" text NOT NULL,
	"services" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_revisions_status_check" CHECK ("order_revisions"."status" in ('created', 'payed', 'saved', 'formed', 'sent', 'confirmed')),
	CONSTRAINT "order_revisions_price_rounding_check" CHECK ("order_revisions"."price_rounding" in ('none', '0.50', '1.00'))
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "price_rounding" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_revisions" ADD CONSTRAINT "order_revisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_revisions_order_number_unique" ON "order_revisions" USING btree ("order_id","number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_rounding_check" CHECK ("orders"."price_rounding" in ('none', '0.50', '1.00'));
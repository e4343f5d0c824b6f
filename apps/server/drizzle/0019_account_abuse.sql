-- Issue 34: an invoice number belongs to the provider's sequence, not to the order. A number is kept when its
-- order is erased (order_id set null: a cancelled invoice), so the year's sequence has no gaps, and the invoice's
-- date is when the provider issued it. Existing numbers stay as they were printed: their date is the day their
-- order was placed, which is what their invoices showed.
ALTER TABLE "order_invoices" DROP CONSTRAINT "order_invoices_order_id_orders_id_fk";--> statement-breakpoint
DROP INDEX "order_invoices_provider_year_number_unique";--> statement-breakpoint
ALTER TABLE "order_invoices" DROP CONSTRAINT "order_invoices_pkey";--> statement-breakpoint
ALTER TABLE "order_invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_provider_code_year_number_pk" PRIMARY KEY("provider_code","year","number");--> statement-breakpoint
ALTER TABLE "order_invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "order_invoices" SET "issued_at" = "orders"."created_at" FROM "orders" WHERE "orders"."id" = "order_invoices"."order_id";--> statement-breakpoint
ALTER TABLE "order_invoices" ALTER COLUMN "issued_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_invoices_order_unique" ON "order_invoices" USING btree ("order_id");
--> statement-breakpoint
-- Issue 34: an account on a published password must change it at its next sign-in (set at start, boot.ts).
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Issue 34: the log names a person by name and e-mail; older rows take the e-mail of their actor's account when
-- it still exists (a renamed e-mail is not expected: e-mails do not change), else stay null.
ALTER TABLE "activity_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
UPDATE "activity_log" SET "actor_email" = "users"."email" FROM "users" WHERE "users"."id" = "activity_log"."actor_id";

ALTER TABLE "activity_log" ADD COLUMN "order_name" text;--> statement-breakpoint
-- Issue 33: an order's row keeps the order's name of its time. Rows written before carry today's name (the closest
-- record there is), found by the identifier they name; another company's order of the same identifier cannot match.
UPDATE "activity_log" AS a SET "order_name" = o."name" FROM "orders" AS o
WHERE a."company_id" = o."company_id" AND a."subject" = o."identifier"
  AND a."kind" IN ('order-created', 'order-status', 'order-saved', 'order-calculated', 'order-repriced');

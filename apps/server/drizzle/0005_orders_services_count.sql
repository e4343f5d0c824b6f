ALTER TABLE "orders" ADD COLUMN "services_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The count of every existing order (issue 12: the orders list reads this column instead of counting).
UPDATE "orders" SET "services_count" = (SELECT count(*) FROM "calculations" WHERE "calculations"."order_id" = "orders"."id");--> statement-breakpoint
-- Kept by the database: one UPDATE per statement that inserts or deletes calculations, however many rows. Both
-- triggers name their transition table "changed_calculations"; an insert adds its rows, a delete takes them off.
CREATE FUNCTION "orders_services_count_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders"
  SET "services_count" = "orders"."services_count" + (CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END) * "changed"."n"
  FROM (SELECT "order_id", count(*) AS "n" FROM "changed_calculations" GROUP BY "order_id") AS "changed"
  WHERE "orders"."id" = "changed"."order_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE fires no delete trigger: it empties every order.
CREATE FUNCTION "orders_services_count_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "services_count" = 0 WHERE "services_count" <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A calculation never moves to another order; refusing it keeps the counts true without an UPDATE trigger.
CREATE FUNCTION "calculations_order_id_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'calculations.order_id cannot change';
END
$$;--> statement-breakpoint
CREATE TRIGGER "calculations_count_insert" AFTER INSERT ON "calculations" REFERENCING NEW TABLE AS "changed_calculations" FOR EACH STATEMENT EXECUTE FUNCTION "orders_services_count_follow"();--> statement-breakpoint
CREATE TRIGGER "calculations_count_delete" AFTER DELETE ON "calculations" REFERENCING OLD TABLE AS "changed_calculations" FOR EACH STATEMENT EXECUTE FUNCTION "orders_services_count_follow"();--> statement-breakpoint
CREATE TRIGGER "calculations_count_truncate" AFTER TRUNCATE ON "calculations" FOR EACH STATEMENT EXECUTE FUNCTION "orders_services_count_reset"();--> statement-breakpoint
CREATE TRIGGER "calculations_order_id_fixed" BEFORE UPDATE OF "order_id" ON "calculations" FOR EACH ROW WHEN (OLD."order_id" IS DISTINCT FROM NEW."order_id") EXECUTE FUNCTION "calculations_order_id_fixed"();

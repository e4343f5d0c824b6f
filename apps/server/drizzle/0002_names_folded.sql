DROP INDEX "measurements_owner_name_unique";--> statement-breakpoint
DROP INDEX "pills_owner_name_unique";--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'АБВГҐДЕЄЁЖЗИІЇЙКЛМНОПРСТУЎФХЦЧШЩЪЫЬЭЮЯ', 'абвгґдеєёжзиіїйклмнопрстуўфхцчшщъыьэюя'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pills" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'АБВГҐДЕЄЁЖЗИІЇЙКЛМНОПРСТУЎФХЦЧШЩЪЫЬЭЮЯ', 'абвгґдеєёжзиіїйклмнопрстуўфхцчшщъыьэюя'))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "measurements_owner_name_unique" ON "measurements" USING btree (coalesce("company_id", 0),"name_folded");--> statement-breakpoint
CREATE UNIQUE INDEX "pills_owner_name_unique" ON "pills" USING btree (coalesce("company_id", 0),"name_folded");
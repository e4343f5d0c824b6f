-- Issue 41: a stored group keeps the set it last showed (its publication) instead of its sorted tariffs in blocks.
-- The groups are derived data: emptied here and made again at the start (`regroupMissing`), each shown once it holds
-- six institutions.
DELETE FROM "tariff_comparison_groups";--> statement-breakpoint
DROP TABLE "tariff_comparison_group_blocks" CASCADE;--> statement-breakpoint
ALTER TABLE "tariff_comparison_groups" DROP COLUMN "statistics";--> statement-breakpoint
ALTER TABLE "tariff_comparison_groups" ADD COLUMN "since" date NOT NULL;--> statement-breakpoint
ALTER TABLE "tariff_comparison_groups" ADD COLUMN "publication" jsonb NOT NULL;

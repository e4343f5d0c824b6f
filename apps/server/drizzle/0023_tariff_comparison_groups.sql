-- Issue 41: the tariff comparison's stored statistics, per template service and filter set, made again on each change.
CREATE TABLE "tariff_comparison_group_blocks" (
	"template_id" integer NOT NULL,
	"oblast" text NOT NULL,
	"size" text NOT NULL,
	"block" integer NOT NULL,
	"cents" jsonb NOT NULL,
	CONSTRAINT "tariff_comparison_group_blocks_template_id_oblast_size_block_pk" PRIMARY KEY("template_id","oblast","size","block")
);
--> statement-breakpoint
CREATE TABLE "tariff_comparison_groups" (
	"template_id" integer NOT NULL,
	"oblast" text NOT NULL,
	"size" text NOT NULL,
	"oldest" date NOT NULL,
	"statistics" jsonb NOT NULL,
	CONSTRAINT "tariff_comparison_groups_template_id_oblast_size_pk" PRIMARY KEY("template_id","oblast","size")
);

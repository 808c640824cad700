CREATE TABLE "goals" (
	"year" integer NOT NULL,
	"provider" text NOT NULL,
	"metric" text NOT NULL,
	"months" jsonb NOT NULL,
	CONSTRAINT "goals_year_provider_metric_pk" PRIMARY KEY("year","provider","metric")
);

CREATE TABLE "warmup_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"days" integer NOT NULL,
	"services" jsonb NOT NULL,
	"thresholds" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warmup_relays" (
	"relay_type" smallint NOT NULL,
	"relay_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"group_id" integer,
	"day" integer DEFAULT 1 NOT NULL,
	"day_started" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warmup_relays_relay_type_relay_id_pk" PRIMARY KEY("relay_type","relay_id")
);
--> statement-breakpoint
CREATE TABLE "warmup_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"relay_type" smallint NOT NULL,
	"relay_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer,
	"plan_name" text NOT NULL,
	"decision" text NOT NULL,
	"from_day" integer,
	"to_day" integer,
	"judged_day" date,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warmup_usage" (
	"relay_type" smallint NOT NULL,
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"hour_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "warmup_usage_relay_type_relay_id_mail_provider_id_day_pk" PRIMARY KEY("relay_type","relay_id","mail_provider_id","day")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "warmup_overflow" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "warmup_plans" ADD CONSTRAINT "warmup_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_relays" ADD CONSTRAINT "warmup_relays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warmup_relays" ADD CONSTRAINT "warmup_relays_plan_id_warmup_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."warmup_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warmup_plans_user_idx" ON "warmup_plans" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warmup_plans_user_name_key" ON "warmup_plans" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "warmup_relays_plan_idx" ON "warmup_relays" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "warmup_steps_relay_idx" ON "warmup_steps" USING btree ("relay_type","relay_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warmup_steps_judged_key" ON "warmup_steps" USING btree ("relay_type","relay_id","judged_day");--> statement-breakpoint
CREATE OR REPLACE FUNCTION warmup_relays_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM warmup_relays w USING gone_relays g WHERE w.relay_type = TG_ARGV[0]::smallint AND w.relay_id = g.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pmta_relays_warmup_gone
  AFTER DELETE ON pmta_relays
  REFERENCING OLD TABLE AS gone_relays
  FOR EACH STATEMENT EXECUTE FUNCTION warmup_relays_gone('1');
--> statement-breakpoint
CREATE TRIGGER smtp_relays_warmup_gone
  AFTER DELETE ON smtp_relays
  REFERENCING OLD TABLE AS gone_relays
  FOR EACH STATEMENT EXECUTE FUNCTION warmup_relays_gone('2');

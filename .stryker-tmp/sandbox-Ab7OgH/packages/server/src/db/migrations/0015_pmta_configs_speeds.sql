CREATE TABLE "applied_pmta_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"pmta_server_id" integer,
	"pmta_relay_id" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_pmta_configs_one_recipient" CHECK (num_nonnulls("applied_pmta_configs"."pmta_server_id", "applied_pmta_configs"."pmta_relay_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "pmta_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pmta_speeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"local_value" integer DEFAULT 0 NOT NULL,
	"local_time" timestamp with time zone,
	"remote_value" integer,
	"remote_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applied_pmta_configs" ADD CONSTRAINT "applied_pmta_configs_config_id_pmta_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."pmta_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_pmta_configs" ADD CONSTRAINT "applied_pmta_configs_pmta_server_id_pmta_servers_id_fk" FOREIGN KEY ("pmta_server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_pmta_configs" ADD CONSTRAINT "applied_pmta_configs_pmta_relay_id_pmta_relays_id_fk" FOREIGN KEY ("pmta_relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_speeds" ADD CONSTRAINT "pmta_speeds_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_speeds" ADD CONSTRAINT "pmta_speeds_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applied_pmta_configs_server" ON "applied_pmta_configs" USING btree ("config_id","pmta_server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applied_pmta_configs_relay" ON "applied_pmta_configs" USING btree ("config_id","pmta_relay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pmta_speeds_relay_provider" ON "pmta_speeds" USING btree ("relay_id","mail_provider_id");
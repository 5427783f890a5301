CREATE TABLE "pmta_server_balancers" (
	"id" serial PRIMARY KEY NOT NULL,
	"pmta_server_id" integer NOT NULL,
	"mail_service_setting_id" integer NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pmta_server_troubles" (
	"pmta_server_id" integer PRIMARY KEY NOT NULL,
	"troubles" jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pmta_server_balancers" ADD CONSTRAINT "pmta_server_balancers_pmta_server_id_pmta_servers_id_fk" FOREIGN KEY ("pmta_server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_server_balancers" ADD CONSTRAINT "pmta_server_balancers_mail_service_setting_id_mail_service_settings_id_fk" FOREIGN KEY ("mail_service_setting_id") REFERENCES "public"."mail_service_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_server_troubles" ADD CONSTRAINT "pmta_server_troubles_pmta_server_id_pmta_servers_id_fk" FOREIGN KEY ("pmta_server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pmta_server_balancers_server_setting" ON "pmta_server_balancers" USING btree ("pmta_server_id","mail_service_setting_id");
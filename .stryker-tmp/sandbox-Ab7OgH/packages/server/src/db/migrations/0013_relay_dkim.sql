CREATE TABLE "pmta_relay_dkim" (
	"relay_id" integer PRIMARY KEY NOT NULL,
	"selector" text NOT NULL,
	"domain" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pmta_relay_dkim" ADD CONSTRAINT "pmta_relay_dkim_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;
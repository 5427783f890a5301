CREATE TABLE "dkim_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"domain" text NOT NULL,
	"selector" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"public_key" text NOT NULL,
	"dns_status" text,
	"dns_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "text_content" text;--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD COLUMN "provider_signs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dkim_keys" ADD CONSTRAINT "dkim_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dkim_keys_user_domain_key" ON "dkim_keys" USING btree ("user_id","domain");
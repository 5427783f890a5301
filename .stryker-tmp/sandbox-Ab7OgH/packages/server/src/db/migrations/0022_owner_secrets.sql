CREATE TABLE "owner_secrets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ssh_key_enc" text,
	"ssh_public_key" text,
	"ssh_key_created_at" timestamp with time zone,
	"postback_key" text
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "postback_requires_click" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "postback_max_amount" double precision;--> statement-breakpoint
ALTER TABLE "pmta_servers" ADD COLUMN "host_assigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_secrets" ADD CONSTRAINT "owner_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pmta_servers_host_idx" ON "pmta_servers" USING btree ("server_ip","ssh_port");--> statement-breakpoint
-- One host, one owner (issue 24): a host key pinned under an earlier server of another owner is unpinned
-- on the later server, whose next connection is then refused until an administrator assigns the host.
UPDATE "pmta_servers" s SET "host_key" = NULL
 WHERE s."host_key" IS NOT NULL
   AND EXISTS (SELECT 1 FROM "pmta_servers" o
                WHERE o."host_key" = s."host_key" AND o."user_id" <> s."user_id" AND o."id" < s."id");

CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"user_id" integer NOT NULL,
	"archive" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pmta_relay_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" integer NOT NULL,
	"archive" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pmta_relay_switches" (
	"relay_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"off" boolean NOT NULL,
	CONSTRAINT "pmta_relay_switches_relay_id_mail_provider_id_pk" PRIMARY KEY("relay_id","mail_provider_id")
);
--> statement-breakpoint
CREATE TABLE "pmta_relays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"pmta_server_id" integer NOT NULL,
	"smtp_host" text NOT NULL,
	"ip" "inet" NOT NULL,
	"sender_email" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"normal_speed" integer DEFAULT 60 NOT NULL,
	"backoff_speed" integer DEFAULT 600 NOT NULL,
	"backoff" boolean DEFAULT false NOT NULL,
	"without_vmta" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pmta_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"server_ip" "inet" NOT NULL,
	"pmta_http_port" integer DEFAULT 8080 NOT NULL,
	"ssh_port" integer DEFAULT 22 NOT NULL,
	"smtp_port" integer DEFAULT 3535 NOT NULL,
	"encryption" text,
	"server_username" text DEFAULT 'root' NOT NULL,
	"relay_normal_speed" integer DEFAULT 60 NOT NULL,
	"relay_backoff_speed" integer DEFAULT 600 NOT NULL,
	"ip_list" text NOT NULL,
	"is_vps" boolean DEFAULT false NOT NULL,
	"user_id" integer NOT NULL,
	"ssh_password_enc" text,
	"ssh_key_enc" text,
	"host_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relay_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"relay_id" integer NOT NULL,
	"pmta_server_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ip" "inet" NOT NULL,
	"smtp_host" text NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relay_reputations" (
	"relay_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"reputation" smallint NOT NULL,
	"details" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "relay_reputations_relay_id_provider_id_pk" PRIMARY KEY("relay_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "reputation_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"zone" text,
	"affects_relay_status" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reputation_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "smtp_relay_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" integer NOT NULL,
	"archive" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smtp_relays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"smtp_server_id" integer NOT NULL,
	"socks_id" integer,
	"sender_email" text NOT NULL,
	"account" text NOT NULL,
	"password_enc" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"normal_speed" integer DEFAULT 60 NOT NULL,
	"backoff_speed" integer DEFAULT 600 NOT NULL,
	"backoff" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smtp_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 25 NOT NULL,
	"tls" boolean DEFAULT false NOT NULL,
	"relay_normal_speed" integer DEFAULT 60 NOT NULL,
	"relay_backoff_speed" integer DEFAULT 600 NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socks_proxies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" "inet" NOT NULL,
	"port" integer NOT NULL,
	"login" text,
	"password_enc" text,
	"active" boolean DEFAULT true NOT NULL,
	"user_id" integer NOT NULL,
	"checked_at" timestamp with time zone,
	"bound_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" text[] NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_groups" ADD CONSTRAINT "pmta_relay_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_switches" ADD CONSTRAINT "pmta_relay_switches_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relay_switches" ADD CONSTRAINT "pmta_relay_switches_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relays" ADD CONSTRAINT "pmta_relays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relays" ADD CONSTRAINT "pmta_relays_group_id_pmta_relay_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."pmta_relay_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_relays" ADD CONSTRAINT "pmta_relays_pmta_server_id_pmta_servers_id_fk" FOREIGN KEY ("pmta_server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_servers" ADD CONSTRAINT "pmta_servers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relay_reputations" ADD CONSTRAINT "relay_reputations_relay_id_pmta_relays_id_fk" FOREIGN KEY ("relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relay_reputations" ADD CONSTRAINT "relay_reputations_provider_id_reputation_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."reputation_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_relay_groups" ADD CONSTRAINT "smtp_relay_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD CONSTRAINT "smtp_relays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD CONSTRAINT "smtp_relays_group_id_smtp_relay_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."smtp_relay_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD CONSTRAINT "smtp_relays_smtp_server_id_smtp_servers_id_fk" FOREIGN KEY ("smtp_server_id") REFERENCES "public"."smtp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_relays" ADD CONSTRAINT "smtp_relays_socks_id_socks_proxies_id_fk" FOREIGN KEY ("socks_id") REFERENCES "public"."socks_proxies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smtp_servers" ADD CONSTRAINT "smtp_servers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "socks_proxies" ADD CONSTRAINT "socks_proxies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pmta_relay_groups_user_idx" ON "pmta_relay_groups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pmta_relays_user_idx" ON "pmta_relays" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pmta_relays_group_idx" ON "pmta_relays" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "pmta_relays_server_idx" ON "pmta_relays" USING btree ("pmta_server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pmta_relays_server_ip_key" ON "pmta_relays" USING btree ("pmta_server_id","ip");--> statement-breakpoint
CREATE INDEX "pmta_servers_user_idx" ON "pmta_servers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pmta_servers_name_idx" ON "pmta_servers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "relay_history_ip_idx" ON "relay_history" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "relay_history_host_idx" ON "relay_history" USING btree ("smtp_host");--> statement-breakpoint
CREATE INDEX "smtp_relay_groups_user_idx" ON "smtp_relay_groups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "smtp_relays_user_idx" ON "smtp_relays" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "smtp_relays_group_idx" ON "smtp_relays" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "smtp_relays_socks_idx" ON "smtp_relays" USING btree ("socks_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smtp_relays_server_account_key" ON "smtp_relays" USING btree ("smtp_server_id","account");--> statement-breakpoint
CREATE INDEX "smtp_servers_user_idx" ON "smtp_servers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "socks_proxies_user_idx" ON "socks_proxies" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "socks_proxies_user_ip_port_key" ON "socks_proxies" USING btree ("user_id","ip","port");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_key" ON "tags" USING btree ("user_id","name");--> statement-breakpoint
ALTER TABLE "pmta_servers" ADD CONSTRAINT "pmta_servers_encryption_check" CHECK ("encryption" IN ('ssl', 'tls'));--> statement-breakpoint
-- The relay IP/host history (spec 3's IP/domain history tool): whoever inserts or deletes relays (a form,
-- an upload, a bulk delete, a server's or a user's deletion), one statement writes one history row per relay.
CREATE OR REPLACE FUNCTION pmta_relays_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO relay_history (relay_id, pmta_server_id, user_id, ip, smtp_host, event)
    SELECT id, pmta_server_id, user_id, ip, smtp_host, 'created' FROM new_relays;
  ELSE
    INSERT INTO relay_history (relay_id, pmta_server_id, user_id, ip, smtp_host, event)
    SELECT id, pmta_server_id, user_id, ip, smtp_host, 'deleted' FROM old_relays;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pmta_relays_history_insert AFTER INSERT ON pmta_relays
  REFERENCING NEW TABLE AS new_relays FOR EACH STATEMENT EXECUTE FUNCTION pmta_relays_history();
--> statement-breakpoint
CREATE TRIGGER pmta_relays_history_delete AFTER DELETE ON pmta_relays
  REFERENCING OLD TABLE AS old_relays FOR EACH STATEMENT EXECUTE FUNCTION pmta_relays_history();
--> statement-breakpoint
-- The reputation providers operators read: public DNS blocklists (looked up by IP) and the mailbox
-- providers' tools that need an account.
INSERT INTO "reputation_providers" ("name", "kind", "zone") VALUES
  ('Spamhaus ZEN', 'dnsbl', 'zen.spamhaus.org'),
  ('Barracuda', 'dnsbl', 'b.barracudacentral.org'),
  ('SpamCop', 'dnsbl', 'bl.spamcop.net'),
  ('UCEPROTECT Level 1', 'dnsbl', 'dnsbl-1.uceprotect.net'),
  ('PSBL', 'dnsbl', 'psbl.surriel.com'),
  ('Mailspike', 'dnsbl', 'bl.mailspike.net'),
  ('Google Postmaster Tools', 'account', NULL),
  ('Microsoft SNDS', 'account', NULL);

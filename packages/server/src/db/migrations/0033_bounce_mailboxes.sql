CREATE TABLE "bounce_mailbox_servers" (
	"mailbox_id" integer NOT NULL,
	"smtp_server_id" integer NOT NULL,
	CONSTRAINT "bounce_mailbox_servers_mailbox_id_smtp_server_id_pk" PRIMARY KEY("mailbox_id","smtp_server_id")
);
--> statement-breakpoint
CREATE TABLE "bounce_mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"user_id" integer NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"error" text,
	"lease_until" timestamp with time zone,
	"read_count" integer DEFAULT 0 NOT NULL,
	"bounces_count" integer DEFAULT 0 NOT NULL,
	"complaints_count" integer DEFAULT 0 NOT NULL,
	"unmatched_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bounce_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mailbox_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"report_id" text,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"outcome" text NOT NULL,
	"category" text,
	"recipient" text,
	"diagnostic" text,
	"subject" text DEFAULT '' NOT NULL,
	"campaign_id" integer,
	"campaign_type" smallint,
	"relay_id" integer,
	"problems" text[] DEFAULT '{}' NOT NULL,
	"size" integer NOT NULL,
	"raw" "bytea" NOT NULL,
	"moved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bounce_mailbox_servers" ADD CONSTRAINT "bounce_mailbox_servers_mailbox_id_bounce_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."bounce_mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_mailbox_servers" ADD CONSTRAINT "bounce_mailbox_servers_smtp_server_id_smtp_servers_id_fk" FOREIGN KEY ("smtp_server_id") REFERENCES "public"."smtp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_mailboxes" ADD CONSTRAINT "bounce_mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD CONSTRAINT "bounce_reports_mailbox_id_bounce_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."bounce_mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD CONSTRAINT "bounce_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounce_reports" ADD CONSTRAINT "bounce_reports_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bounce_mailbox_servers_server_idx" ON "bounce_mailbox_servers" USING btree ("smtp_server_id");--> statement-breakpoint
CREATE INDEX "bounce_mailboxes_user_idx" ON "bounce_mailboxes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bounce_reports_place_key" ON "bounce_reports" USING btree ("mailbox_id","uid_validity","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "bounce_reports_report_id_key" ON "bounce_reports" USING btree ("user_id","report_id");--> statement-breakpoint
CREATE INDEX "bounce_reports_user_idx" ON "bounce_reports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bounce_reports_unmoved_idx" ON "bounce_reports" USING btree ("mailbox_id") WHERE moved_at is null;
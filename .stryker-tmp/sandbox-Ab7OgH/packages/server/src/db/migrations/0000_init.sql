CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_list_provider_counters" (
	"email_list_id" integer NOT NULL,
	"mail_provider_id" integer NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_list_provider_counters_email_list_id_mail_provider_id_pk" PRIMARY KEY("email_list_id","mail_provider_id")
);
--> statement-breakpoint
CREATE TABLE "email_list_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_list_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"stats" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_list_users" (
	"email_list_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "email_list_users_email_list_id_user_id_pk" PRIMARY KEY("email_list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "email_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total_counter" integer DEFAULT 0 NOT NULL,
	"valid_counter" integer DEFAULT 0 NOT NULL,
	"job" integer,
	"completion" smallint DEFAULT 0 NOT NULL,
	"failed_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_list_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"surname" text,
	"birth_year" smallint,
	"city" text,
	"geo" text,
	"mail_provider_id" integer NOT NULL,
	"valid" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_provider_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"mail_provider_id" integer,
	"is_blacklisted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mail_provider_domains_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "mail_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "mail_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"plug" text,
	"callback" text,
	"user_id" integer NOT NULL,
	"archive" timestamp with time zone,
	"clean" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "spam_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spam_emails_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "unsubscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{ROLE_USER}' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"profit_rate" double precision DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_provider_counters" ADD CONSTRAINT "email_list_provider_counters_email_list_id_email_lists_id_fk" FOREIGN KEY ("email_list_id") REFERENCES "public"."email_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_provider_counters" ADD CONSTRAINT "email_list_provider_counters_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD CONSTRAINT "email_list_uploads_email_list_id_email_lists_id_fk" FOREIGN KEY ("email_list_id") REFERENCES "public"."email_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_uploads" ADD CONSTRAINT "email_list_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_users" ADD CONSTRAINT "email_list_users_email_list_id_email_lists_id_fk" FOREIGN KEY ("email_list_id") REFERENCES "public"."email_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_list_users" ADD CONSTRAINT "email_list_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_lists" ADD CONSTRAINT "email_lists_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_lists" ADD CONSTRAINT "email_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_email_list_id_email_lists_id_fk" FOREIGN KEY ("email_list_id") REFERENCES "public"."email_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_provider_domains" ADD CONSTRAINT "mail_provider_domains_mail_provider_id_mail_providers_id_fk" FOREIGN KEY ("mail_provider_id") REFERENCES "public"."mail_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribers" ADD CONSTRAINT "unsubscribers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_list_users_user_idx" ON "email_list_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_lists_user_idx" ON "email_lists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_lists_category_idx" ON "email_lists" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_list_email_key" ON "emails" USING btree ("email_list_id","email");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "mail_provider_domains_blacklisted_idx" ON "mail_provider_domains" USING btree ("domain") WHERE is_blacklisted;--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribers_email_category_key" ON "unsubscribers" USING btree ("email","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));
CREATE TABLE "pmta_email_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"sender" text NOT NULL,
	"pmta_relay_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"status_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pmta_email_tests" ADD CONSTRAINT "pmta_email_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_email_tests" ADD CONSTRAINT "pmta_email_tests_pmta_relay_id_pmta_relays_id_fk" FOREIGN KEY ("pmta_relay_id") REFERENCES "public"."pmta_relays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_email_tests" ADD CONSTRAINT "pmta_email_tests_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pmta_email_tests" ADD CONSTRAINT "pmta_email_tests_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pmta_email_tests_user_idx" ON "pmta_email_tests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pmta_email_tests_relay_idx" ON "pmta_email_tests" USING btree ("pmta_relay_id");
CREATE TABLE "pmta_queue_backoffs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pmta_server_id" integer NOT NULL,
	"queue" text NOT NULL,
	"domain" text NOT NULL,
	"vmta" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"reply" text
);
--> statement-breakpoint
ALTER TABLE "pmta_queue_backoffs" ADD CONSTRAINT "pmta_queue_backoffs_pmta_server_id_pmta_servers_id_fk" FOREIGN KEY ("pmta_server_id") REFERENCES "public"."pmta_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pmta_queue_backoffs_open_key" ON "pmta_queue_backoffs" USING btree ("pmta_server_id","queue") WHERE until is null;--> statement-breakpoint
CREATE INDEX "pmta_queue_backoffs_vmta_idx" ON "pmta_queue_backoffs" USING btree ("pmta_server_id","vmta","since");--> statement-breakpoint
CREATE INDEX "pmta_queue_backoffs_until_idx" ON "pmta_queue_backoffs" USING btree ("until");
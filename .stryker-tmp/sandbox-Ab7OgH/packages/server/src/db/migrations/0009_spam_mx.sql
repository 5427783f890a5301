CREATE TABLE "dns_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"is_blacklisted" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_mx" (
	"domain" text PRIMARY KEY NOT NULL,
	"mx" text[] NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dns_records_type_value_key" ON "dns_records" USING btree ("type","value");--> statement-breakpoint
CREATE INDEX "domain_mx_expires_idx" ON "domain_mx" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "domain_mx_mx_idx" ON "domain_mx" USING gin ("mx");
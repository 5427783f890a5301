CREATE TABLE "processes" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"worker" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"in_flight" integer DEFAULT 0 NOT NULL,
	"sending" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "processes_beat_at_idx" ON "processes" USING btree ("beat_at");
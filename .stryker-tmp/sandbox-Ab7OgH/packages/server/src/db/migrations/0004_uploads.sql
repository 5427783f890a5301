CREATE TABLE "upload_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"msg_type" text NOT NULL,
	"msg_text" text NOT NULL,
	"upload_id" integer
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"target_id" integer,
	"original_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"params" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"completion" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"boss_job_id" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"stats" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- The e-mail list uploads become uploads of kind 5 (e-mails) with the same ids: email_lists.job names them.
INSERT INTO "uploads" ("id", "kind", "user_id", "target_id", "original_name", "file_path", "file_size", "params",
  "status", "completion", "attempts", "heartbeat_at", "boss_job_id", "rows", "inserted", "failed", "error", "stats",
  "created_at", "finished_at")
SELECT u."id", 5, u."user_id", u."email_list_id", u."file_name", u."file_path", u."file_size",
  CASE WHEN u."context" IS NULL THEN NULL ELSE jsonb_build_object('context', u."context") END,
  u."status", CASE WHEN u."status" = 'done' THEN 100 ELSE coalesce(l."completion", 0) END,
  u."attempts", u."heartbeat_at", u."boss_job_id", u."rows", u."inserted", u."failed", u."error", u."stats",
  u."created_at", u."finished_at"
FROM "email_list_uploads" u LEFT JOIN "email_lists" l ON l."id" = u."email_list_id" AND l."job" = u."id";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('uploads', 'id'), coalesce(max("id"), 1), max("id") IS NOT NULL) FROM "uploads";
--> statement-breakpoint
DROP TABLE "email_list_uploads" CASCADE;--> statement-breakpoint
ALTER TABLE "upload_log" ADD CONSTRAINT "upload_log_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_log_source_time_idx" ON "upload_log" USING btree ("source","event_time");--> statement-breakpoint
CREATE INDEX "upload_log_time_idx" ON "upload_log" USING btree ("event_time");--> statement-breakpoint
CREATE INDEX "uploads_target_idx" ON "uploads" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "uploads_live_idx" ON "uploads" USING btree ("kind","user_id") WHERE status in ('queued', 'processing');--> statement-breakpoint
-- What the foreign key to email_lists did (ON DELETE CASCADE): whoever deletes lists (the route, a user's
-- deletion) deletes their uploads too, in the same statement. Other kinds' targets do the same for theirs.
CREATE OR REPLACE FUNCTION email_lists_delete_uploads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM uploads u USING gone_lists g WHERE u.kind = 5 AND u.target_id = g.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER email_lists_delete_uploads
  AFTER DELETE ON email_lists
  REFERENCING OLD TABLE AS gone_lists
  FOR EACH STATEMENT EXECUTE FUNCTION email_lists_delete_uploads();

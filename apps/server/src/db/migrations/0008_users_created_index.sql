DROP INDEX "users_role_created_idx";--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
DROP INDEX "users_role_category_idx";--> statement-breakpoint
DROP INDEX "users_lat_lng_idx";--> statement-breakpoint
CREATE INDEX "users_role_category_created_idx" ON "users" USING btree ("role","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_earth_idx" ON "users" USING gist (ll_to_earth("lat", "lng"));
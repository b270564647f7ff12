DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(category, '') || ' ' || coalesce(address, ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
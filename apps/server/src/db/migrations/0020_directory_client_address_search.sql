-- The search reads a business's address and nothing of a client's: others are shown a client's
-- town, never the address they typed, so no word, prefix or typo of a client's street, number or
-- postcode may find them (ARCHITECTURE.md, Directory search). Dropping the columns drops their
-- indexes, which are built again; the vocabulary is read again from the new vectors, so no word
-- that only a client's address had is left to correct a search towards.
ALTER TABLE "users" drop column "search";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', translate(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')), 'A') || setweight(to_tsvector('simple', translate(lower(coalesce(category, '') || ' ' || (case when role = 'seller' then coalesce(address, '') else '' end)), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')), 'B') || setweight(to_tsvector('simple', translate(lower(coalesce(description, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");--> statement-breakpoint
ALTER TABLE "users" drop column "search_names";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_names" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(category, '') || ' ' || (case when role = 'seller' then coalesce(address, '') else '' end)), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy'))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_names_idx" ON "users" USING gin ("search_names");--> statement-breakpoint
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(first_name || ' ' || last_name || ' ' || coalesce(category, '') || ' ' || (case when role = 'seller' then coalesce(address, '') else '' end)), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DELETE FROM "search_terms";--> statement-breakpoint
INSERT INTO "search_terms" ("term")
SELECT DISTINCT word.lexeme FROM "users", unnest("users"."search") AS word
WHERE length(word.lexeme) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;

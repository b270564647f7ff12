CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" drop column "search";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', translate(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')), 'A') || setweight(to_tsvector('simple', translate(lower(coalesce(category, '') || ' ' || coalesce(address, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')), 'B') || setweight(to_tsvector('simple', translate(lower(coalesce(description, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");--> statement-breakpoint
ALTER TABLE "users" drop column "search_names";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_names" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(address, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy'))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_names_idx" ON "users" USING gin ("search_names");--> statement-breakpoint
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(first_name || ' ' || last_name || ' ' || coalesce(category, '') || ' ' || coalesce(address, '')), 'áàâãäåāéèêëēíìîïīóòôõöøōúùûüūçñýÿ', 'aaaaaaaeeeeeiiiiiooooooouuuuucnyy')) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "users_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term")
  SELECT DISTINCT word.lexeme FROM changed, unnest(changed."search") AS word
  WHERE length(word.lexeme) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_terms_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "users_search_terms"();--> statement-breakpoint
CREATE TRIGGER "users_search_terms_updated" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "users_search_terms"();--> statement-breakpoint
INSERT INTO "search_terms" ("term")
SELECT DISTINCT word.lexeme FROM "users", unnest("users"."search") AS word
WHERE length(word.lexeme) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;

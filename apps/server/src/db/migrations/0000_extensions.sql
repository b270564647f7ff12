-- Fuzzy name matching and great-circle distance; PGlite ships the same extensions, so the
-- embedded and the PostgreSQL engines run identical SQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- Trigram matching for the finders' "contains" searches (names, extra fields, description).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The shipper's API keys (issue 39): an administrator makes a key for a corporate client's office; the
-- key is kept as its SHA-256 (only its first characters in clear, to list it), with its scopes, expiry,
-- revocation and last use. The audit log names the key a write was made with.
CREATE TABLE IF NOT EXISTS "api_keys" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "office_guid" uuid NOT NULL,
  "name" text NOT NULL,
  "prefix" text NOT NULL,
  "key_hash" text NOT NULL,
  "scopes" text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by" uuid,
  "expires_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "revoked_by" uuid,
  "last_used_at" timestamp with time zone
);
CREATE UNIQUE INDEX IF NOT EXISTS "api_keys_key_hash_idx" ON "api_keys" ("key_hash");
CREATE INDEX IF NOT EXISTS "api_keys_office_guid_index" ON "api_keys" ("office_guid");
ALTER TABLE "audit_log" ADD COLUMN IF NOT EXISTS "api_key" text;

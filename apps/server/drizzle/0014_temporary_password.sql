-- A password an administrator sets is temporary (issue 37, OWASP's authentication guidance): until the
-- user chooses their own, their sessions may only change the password, renew the ticket or end.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "password_temporary" boolean NOT NULL DEFAULT false;

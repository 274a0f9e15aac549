-- Read-your-writes with read replicas (DATABASE_READ_URL, docs/ops/replica.md): the primary's WAL
-- position (in bytes) just after the session's last write; its reads go to a replica only once the
-- replica has replayed that far. Written only when replicas are configured.
alter table "sessions" add column if not exists "write_lsn" bigint;

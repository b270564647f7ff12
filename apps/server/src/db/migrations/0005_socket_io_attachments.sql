-- Used by the Socket.IO PostgreSQL adapter for event payloads too large for NOTIFY.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id          bigserial UNIQUE,
    created_at  timestamptz DEFAULT NOW(),
    payload     bytea
);

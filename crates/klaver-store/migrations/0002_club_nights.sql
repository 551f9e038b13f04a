-- Club nights run in klaver itself: sessions created before any result exists and
-- published when the director says so, the directors who may run them, their logins,
-- and the secret links each table's phone uses to enter that table's results.

ALTER TABLE sessions ADD COLUMN published_at TEXT;

-- Sessions imported before this version were published results.
UPDATE sessions SET published_at = imported_at;

-- The number of the session's last line: adding a line raises it, which also makes
-- lines added at once from many tables wait for one another.
ALTER TABLE sessions ADD COLUMN last_line BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET last_line = (SELECT COALESCE(MAX(r.line_no), 0) FROM results r WHERE r.session_id = sessions.id);

CREATE TABLE directors (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    login TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (club_id, login)
);

-- A director's login; only a hash of the cookie's secret is kept.
CREATE TABLE director_logins (
    token_hash TEXT PRIMARY KEY,
    director_id BIGINT NOT NULL REFERENCES directors (id),
    csrf TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

-- The link a table's phone opens; only a hash of its secret is kept.
CREATE TABLE table_links (
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    table_no BIGINT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    PRIMARY KEY (session_id, table_no)
);

-- Who entered a line: `import`, a director's login, or `table 3`.
ALTER TABLE results ADD COLUMN entered_by TEXT NOT NULL DEFAULT 'import';

-- Sessions a director removed (`klaver session delete`, a night stored by mistake):
-- when, by whom and why, the number the session had, and the session whole as JSON
-- (its pairs and players, every line with its corrections, its hands and the results
-- confirmed against it), so that no result entered is lost with it.
CREATE TABLE removed_sessions (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    session_number BIGINT NOT NULL,
    removed_at TEXT NOT NULL,
    removed_by TEXT NOT NULL,
    reason TEXT NOT NULL,
    session TEXT NOT NULL
);

CREATE INDEX removed_sessions_by_club ON removed_sessions (club_id);

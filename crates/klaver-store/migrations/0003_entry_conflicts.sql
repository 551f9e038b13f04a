-- A result a table confirmed for a board that already had a different one stored: kept
-- here for the director to decide, never dropped. `line_no` is the stored line it clashes
-- with; `offered` the table's line (JSON); resolved ones keep the decision.
CREATE TABLE entry_conflicts (
    id {id},
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    line_no BIGINT NOT NULL,
    offered TEXT NOT NULL,
    offered_by TEXT NOT NULL,
    made_at TEXT NOT NULL,
    resolved_at TEXT,
    resolved_by TEXT,
    decision TEXT
);

CREATE INDEX entry_conflicts_by_session ON entry_conflicts (session_id);

-- The round clock the director starts: when, and how many seconds a board gets.
ALTER TABLE sessions ADD COLUMN clock_started_at BIGINT;
ALTER TABLE sessions ADD COLUMN clock_seconds BIGINT;

-- A session's deals: each board's four hands (PBN "N:..."), and its double-dummy tricks
-- (PBN DoubleDummyTricks) once solved, so that a deal is solved once.
CREATE TABLE session_deals (
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    board BIGINT NOT NULL,
    deal TEXT NOT NULL,
    tricks TEXT,
    PRIMARY KEY (session_id, board)
);

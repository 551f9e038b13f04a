-- The sit-out lines of a session's file: a pair that sat out a board (a PBN ScoreTable
-- row with one pair and no opponents, as Ruter writes a night of an odd number of
-- pairs), with its section and the line of the file. No result and not scored: kept so
-- that a board a pair sat out is said to be short by that pair, not by a result to
-- enter. A session stored before this version has none.
CREATE TABLE session_sit_outs (
    id {id},
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    section TEXT NOT NULL,
    board BIGINT NOT NULL,
    pair TEXT NOT NULL,
    source_line BIGINT NOT NULL
);

CREATE INDEX session_sit_outs_by_session ON session_sit_outs (session_id);

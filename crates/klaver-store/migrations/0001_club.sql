-- A club's players, partnerships, playing moments, seasons, sessions, traveller lines and
-- the log of corrections. Written once for SQLite and PostgreSQL: `{id}` becomes each
-- database's own auto-numbered primary key; timestamps are ISO 8601 text in UTC.

CREATE TABLE clubs (
    id {id},
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- Members and guests; `number` is the federation number (NBB bondsnummer), NULL for a
-- guest without one.
CREATE TABLE players (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    number TEXT,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (club_id, number)
);

-- Pairs, threesomes and teams: the entrants of rankings and championships.
CREATE TABLE partnerships (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    kind TEXT NOT NULL CHECK (kind IN ('pair', 'threesome', 'team')),
    name TEXT NOT NULL,
    UNIQUE (club_id, kind, name)
);

CREATE TABLE partnership_members (
    partnership_id BIGINT NOT NULL REFERENCES partnerships (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    PRIMARY KEY (partnership_id, player_id)
);

-- Playing moments (a club's Tuesday evening, Thursday afternoon, ...).
CREATE TABLE moments (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    name TEXT NOT NULL,
    UNIQUE (club_id, name)
);

CREATE TABLE seasons (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    name TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    ends_on TEXT NOT NULL,
    UNIQUE (club_id, name)
);

-- One line (A, B, ...) of one club night; `options` are the scoring options as
-- klaver's command line writes them.
CREATE TABLE sessions (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    played_on TEXT NOT NULL,
    moment_id BIGINT NOT NULL REFERENCES moments (id),
    line_name TEXT NOT NULL,
    title TEXT NOT NULL,
    form TEXT NOT NULL,
    movement TEXT,
    boards_per_round BIGINT,
    options TEXT NOT NULL,
    source TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    imported_by TEXT NOT NULL,
    UNIQUE (club_id, played_on, moment_id, line_name)
);

CREATE TABLE session_pairs (
    id {id},
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    section TEXT NOT NULL,
    pair TEXT NOT NULL,
    names TEXT NOT NULL,
    UNIQUE (session_id, section, pair)
);

-- The players of a session's pair, in seat order, where their names were recognised.
CREATE TABLE session_pair_players (
    session_pair_id BIGINT NOT NULL REFERENCES session_pairs (id),
    seat BIGINT NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    PRIMARY KEY (session_pair_id, seat)
);

-- Traveller lines as entered (English notation); `version` counts corrections.
CREATE TABLE results (
    id {id},
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    line_no BIGINT NOT NULL,
    source_line BIGINT NOT NULL,
    section TEXT NOT NULL,
    board BIGINT NOT NULL,
    table_no BIGINT,
    round_no BIGINT,
    ns TEXT NOT NULL,
    ew TEXT NOT NULL,
    room TEXT NOT NULL,
    contract TEXT NOT NULL,
    declarer TEXT NOT NULL,
    result TEXT NOT NULL,
    score TEXT NOT NULL,
    adjust TEXT NOT NULL,
    lead TEXT NOT NULL,
    version BIGINT NOT NULL,
    UNIQUE (session_id, line_no)
);

CREATE INDEX results_by_board ON results (session_id, board);

-- Every change to an entered line: who, when, why, and the line before and after (JSON).
CREATE TABLE corrections (
    id {id},
    result_id BIGINT NOT NULL REFERENCES results (id),
    made_at TEXT NOT NULL,
    made_by TEXT NOT NULL,
    reason TEXT NOT NULL,
    old_line TEXT NOT NULL,
    new_line TEXT NOT NULL
);

CREATE INDEX corrections_by_result ON corrections (result_id);

-- The club's NBB-Clubranking settings, as the TOML `klaver ranking --settings` reads.
CREATE TABLE club_settings (
    club_id BIGINT PRIMARY KEY REFERENCES clubs (id),
    ranking TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- A pair is its players, not its names: two players of one name (two Jan de Wits) who
-- each play with Piet Smit are two pairs, each named "Jan de Wit - Piet Smit". The name
-- is no longer unique within a club. SQLite cannot drop a table's UNIQUE constraint, so
-- the table is made again (its players kept aside meanwhile, as they refer to it);
-- PostgreSQL's statements are in 0008_pairs_by_players.postgres.sql.
CREATE TABLE partnership_members_kept AS SELECT partnership_id, player_id FROM partnership_members;
DELETE FROM partnership_members;

CREATE TABLE partnerships_by_players (
    id {id},
    club_id BIGINT NOT NULL REFERENCES clubs (id),
    kind TEXT NOT NULL CHECK (kind IN ('pair', 'threesome', 'team')),
    name TEXT NOT NULL
);
INSERT INTO partnerships_by_players (id, club_id, kind, name)
    SELECT id, club_id, kind, name FROM partnerships;
DROP TABLE partnerships;
ALTER TABLE partnerships_by_players RENAME TO partnerships;

INSERT INTO partnership_members (partnership_id, player_id)
    SELECT partnership_id, player_id FROM partnership_members_kept;
DROP TABLE partnership_members_kept;

CREATE INDEX partnerships_by_name ON partnerships (club_id, kind, name);

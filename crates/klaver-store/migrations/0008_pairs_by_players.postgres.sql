-- A pair is its players, not its names: two players of one name (two Jan de Wits) who
-- each play with Piet Smit are two pairs, each named "Jan de Wit - Piet Smit". The name
-- is no longer unique within a club (SQLite's statements are in 0008_pairs_by_players.sql).
ALTER TABLE partnerships DROP CONSTRAINT partnerships_club_id_kind_name_key;

CREATE INDEX partnerships_by_name ON partnerships (club_id, kind, name);

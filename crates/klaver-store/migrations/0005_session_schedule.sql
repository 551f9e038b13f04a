-- A session's schedule when its movement was a schedule file: the file's text, kept
-- with the session so that the night scores the same wherever and whenever it is read
-- (`movement` keeps the name the file was given). NULL for a named movement such as
-- mitchell-7, and for sessions stored before this version, whose schedule is still
-- read from the file they name until it is stored (`klaver session movement`).
ALTER TABLE sessions ADD COLUMN schedule TEXT;

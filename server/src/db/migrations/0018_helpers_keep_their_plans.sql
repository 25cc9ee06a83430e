-- Issue 23: the helpers submit_request asks (migrations 0016 and 0017) become PL/pgSQL, with the
-- same bodies. PostgreSQL up to 17 plans an SQL function that it cannot inline (these cannot: each
-- reads tables) afresh every time the statement that calls it runs, so every audience request
-- parsed and planned all three: on PostgreSQL 15 here, one statement calling the three took 1.15
-- ms, against 0.28 ms once they were PL/pgSQL, which keeps its plans for the session (2,000 runs
-- in a loop, the same values); and submit_request, interleaved by pgbench on one database, 4.8-5.4
-- ms against 5.3-6.0 ms. PostgreSQL 18 (the embedded PGlite) caches the plans of SQL functions
-- too: there the two measure the same (0.052 and 0.054 ms).

-- When the song was last played, if the musician's no-repeats rule holds it back now; else NULL
-- (migration 0016 says how).
CREATE OR REPLACE FUNCTION song_held_back_at(p_musician uuid, p_song uuid) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT CASE WHEN m.repeat_rule = 'allow' THEN NULL ELSE (
      SELECT max(r.played_at)
      FROM requests r LEFT JOIN shows sh ON sh.id = r.show_id
      WHERE r.musician_id = p_musician AND r.song_id = p_song AND r.status = 'played'
        AND NOT r.blocked
        AND CASE m.repeat_rule
          WHEN 'show' THEN sh.status IS NOT DISTINCT FROM 'active'
          WHEN 'hours' THEN r.played_at > now() - make_interval(hours => m.repeat_hours)
          ELSE false END
        AND NOT EXISTS (SELECT 1 FROM requests w
          WHERE w.musician_id = p_musician AND w.song_id = p_song
            AND w.status IN ('pending', 'accepted', 'up_next') AND NOT w.blocked
            AND w.show_id IS NOT DISTINCT FROM (SELECT s.id FROM shows s
              WHERE s.musician_id = p_musician AND s.status = 'active'))
    ) END
    FROM musicians m WHERE m.id = p_musician);
END $$;--> statement-breakpoint
-- Whether the musician blocked the requester with this email (lower-cased by the caller, '' for
-- none) or this device ('' for none).
CREATE OR REPLACE FUNCTION requester_blocked(p_musician uuid, p_email_lower text, p_device_id text)
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM blocked_requesters b
    WHERE b.musician_id = p_musician
      AND ((p_email_lower <> '' AND lower(b.email) = p_email_lower)
        OR (p_device_id <> '' AND b.device_id = p_device_id)));
END $$;--> statement-breakpoint
-- Whether the audience may request the song now: any song while no public playlist is active,
-- else only songs of public playlists. NULL for an unknown song.
CREATE OR REPLACE FUNCTION song_requestable(p_song uuid) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT NOT EXISTS (SELECT 1 FROM playlists a
        WHERE a.musician_id = s.musician_id AND a.is_active AND a.is_public)
      OR EXISTS (SELECT 1 FROM playlist_songs ps JOIN playlists p ON p.id = ps.playlist_id
        WHERE ps.song_id = s.id AND p.is_public)
    FROM songs s WHERE s.id = p_song);
END $$;

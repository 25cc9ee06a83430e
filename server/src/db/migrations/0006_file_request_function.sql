-- Files one audience request: the hot path of a show, called by
-- server/src/features/requests/request-submissions.ts (which explains the rules).
-- One statement instead of a transaction of five: the embedded database pays for each round
-- trip more than for the work, and the plans of the statements below are kept.
--
-- It is VOLATILE, so each statement after the song's row lock takes a fresh snapshot and sees a
-- request another phone filed while this one waited for the lock: that request takes the +1.
CREATE FUNCTION file_request(
  p_song_id uuid,
  p_requester_name text,
  p_requester_email text,
  p_dedication text,
  p_tip_amount numeric,
  p_device_id text,
  p_idempotency_key text,
  p_status_token_hash text,
  p_blocked boolean
) RETURNS TABLE (
  outcome text,
  musician_id uuid,
  request_id uuid,
  song_hidden boolean,
  requests_enabled boolean
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  song record;
  target uuid;
BEGIN
  SELECT s.id, s.musician_id, s.title, s.artist, s.hidden, m.requests_enabled, sh.id AS show_id
  INTO song
  FROM songs s
  JOIN musicians m ON m.id = s.musician_id
  LEFT JOIN shows sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
  WHERE s.id = p_song_id
  FOR UPDATE OF s;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF song.hidden OR NOT song.requests_enabled THEN
    RETURN QUERY SELECT 'unavailable', song.musician_id, NULL::uuid, song.hidden, song.requests_enabled;
    RETURN;
  END IF;

  -- The same key a moment ago (a double tap on the same song): it waited on the lock.
  IF p_idempotency_key IS NOT NULL AND (
    EXISTS (SELECT 1 FROM requests r
      WHERE r.musician_id = song.musician_id AND r.idempotency_key = p_idempotency_key)
    OR EXISTS (SELECT 1 FROM request_voters v
      WHERE v.musician_id = song.musician_id AND v.idempotency_key = p_idempotency_key)
  ) THEN
    RETURN QUERY SELECT 'replay', song.musician_id, NULL::uuid, false, true;
    RETURN;
  END IF;

  -- A blocked requester's is stored apart: never merged, never counted on the song.
  IF NOT p_blocked THEN
    SELECT r.id INTO target
    FROM requests r
    WHERE r.musician_id = song.musician_id AND r.song_id = song.id
      AND r.status IN ('pending', 'accepted', 'up_next') AND NOT r.blocked
      AND r.show_id IS NOT DISTINCT FROM song.show_id
    ORDER BY r.created_at, r.id
    LIMIT 1;
    UPDATE songs SET request_count = request_count + 1 WHERE id = song.id;
  END IF;

  IF target IS NOT NULL THEN
    INSERT INTO request_voters (request_id, musician_id, requester_name, requester_email,
      dedication, tip_amount, device_id, idempotency_key, status_token_hash)
    VALUES (target, song.musician_id, p_requester_name, p_requester_email, p_dedication,
      p_tip_amount, p_device_id, p_idempotency_key, p_status_token_hash);
    -- Tips on a merged request add up, within the $500 the table allows one request (each
    -- person's own tip stays on their +1).
    UPDATE requests
    SET votes = votes + 1, updated_at = now(), tip_amount = least(tip_amount + p_tip_amount, 500)
    WHERE id = target;
    RETURN QUERY SELECT 'merged', song.musician_id, target, false, true;
    RETURN;
  END IF;

  INSERT INTO requests (musician_id, song_id, show_id, song_title, song_artist, requester_name,
    requester_email, dedication, tip_amount, idempotency_key, status_token_hash, device_id,
    blocked)
  VALUES (song.musician_id, song.id, song.show_id, song.title, song.artist, p_requester_name,
    p_requester_email, p_dedication, p_tip_amount, p_idempotency_key, p_status_token_hash,
    p_device_id, p_blocked)
  RETURNING id INTO target;
  RETURN QUERY SELECT 'created', song.musician_id, target, false, true;
END;
$$;

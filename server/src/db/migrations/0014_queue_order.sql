ALTER TABLE "musicians" ADD COLUMN "queue_order" text DEFAULT 'arrival' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "queue_position" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "queue_rank" double precision DEFAULT extract(epoch from clock_timestamp()) NOT NULL;--> statement-breakpoint
-- Existing requests keep the order they had: arrival (Up Next by the time it was sent there).
UPDATE "requests" SET "queue_rank" = extract(epoch from "created_at")
  WHERE "status" <> 'up_next';--> statement-breakpoint
UPDATE "requests" SET "queue_rank" = extract(epoch from "updated_at")
  WHERE "status" = 'up_next';--> statement-breakpoint
CREATE INDEX "requests_musician_open_idx" ON "requests" ("musician_id")
  WHERE "status" IN ('pending', 'accepted', 'up_next');--> statement-breakpoint
-- renumber_queue sets queue_position of the musician's open requests, in each column (Up Next,
-- waiting), by the musician's queue_order; Up Next always by queue_rank (the order sent there,
-- then moved). Played and rejected lose their position. Under any order but 'manual' the waiting
-- ranks are rewritten to the positions, so switching to 'manual' starts from the order shown.
-- Every request whose position changes gets a newer updated_at (devices keep the newest copy,
-- polls read what changed since); their ids are returned, for the server to push them.
-- Under a lock per musician: two devices moving at once are applied one after the other.
CREATE FUNCTION renumber_queue(p_musician uuid) RETURNS SETOF uuid
LANGUAGE plpgsql AS $$
DECLARE
  mode text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('queue_order'), hashtext(p_musician::text));
  SELECT m.queue_order INTO mode FROM musicians m WHERE m.id = p_musician;
  IF mode IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH ordered AS (
    SELECT r.id, r.status = 'up_next' AS up_next,
      row_number() OVER (
        PARTITION BY r.status = 'up_next'
        ORDER BY
          CASE
            WHEN r.status = 'up_next' OR mode = 'manual' THEN r.queue_rank
            WHEN mode = 'votes' THEN -r.votes::double precision
            WHEN mode = 'tips' THEN -r.tip_amount::double precision
            ELSE 0
          END,
          r.created_at, r.id
      )::integer AS pos
    FROM requests r
    WHERE r.musician_id = p_musician AND NOT r.blocked
      AND r.status IN ('pending', 'accepted', 'up_next')
  ),
  wanted AS (
    SELECT r.id, o.pos, r.queue_position AS old_pos, coalesce(o.up_next, true) AS up_next
    FROM requests r LEFT JOIN ordered o ON o.id = r.id
    WHERE r.musician_id = p_musician AND (o.id IS NOT NULL OR r.queue_position IS NOT NULL)
  ),
  changed AS (
  UPDATE requests r SET
    queue_position = w.pos,
    queue_rank = CASE WHEN mode <> 'manual' AND NOT w.up_next THEN w.pos ELSE r.queue_rank END,
    updated_at = CASE WHEN r.queue_position IS DISTINCT FROM w.pos
      THEN greatest(clock_timestamp(), r.updated_at + interval '1 millisecond')
      ELSE r.updated_at END
  FROM wanted w
  WHERE r.id = w.id AND (r.queue_position IS DISTINCT FROM w.pos
    OR (mode <> 'manual' AND NOT w.up_next AND r.queue_rank <> w.pos))
  RETURNING r.id, w.old_pos IS DISTINCT FROM w.pos AS moved
  )
  SELECT changed.id FROM changed WHERE changed.moved;
END $$;--> statement-breakpoint
SELECT renumber_queue(id) FROM musicians;

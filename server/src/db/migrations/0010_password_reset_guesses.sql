-- Wrong reset codes are counted per email and address (password_reset_guesses), no longer per code:
-- a stranger's guesses used to lock the owner's code for everyone.
CREATE TABLE "password_reset_guesses" (
	"email_hash" text NOT NULL,
	"address" text NOT NULL,
	"attempts" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "password_reset_guesses_email_hash_address_pk" PRIMARY KEY("email_hash","address")
);
--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_attempts_nonnegative";--> statement-breakpoint
CREATE INDEX "password_reset_guesses_expires_idx" ON "password_reset_guesses" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "password_resets" DROP COLUMN "attempts";
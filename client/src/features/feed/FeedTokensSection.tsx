import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { FEED_TOKEN_NAME_MAX_LENGTH, type FeedToken } from '#shared/schemas/feed.ts';
import { errorMessage } from '#client/lib/api-client.ts';
import { useBusy } from '#client/lib/use-busy.ts';
import { useAudienceOrigin } from '#client/lib/use-site-config.ts';
import { ConfirmButton } from '#client/ui/ConfirmButton.tsx';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import { TextField } from '#client/ui/TextField.tsx';
import { CopyField } from './CopyField.tsx';
import { feedTokensApi, feedUrl, overlayUrl } from './feed-tokens-api.ts';
import './feed-tokens.css';

interface FeedTokensSectionProps {
  /** The musician's slug, for the overlay's address. */
  slug: string;
}

/** A token just made: the only time it is shown. */
interface NewToken {
  id: string;
  name: string;
  token: string;
}

/**
 * The Profile tab's "Live feed": tokens that open a read-only live feed of the queue, for a
 * stream overlay, a Stream Deck button, a foot switch or the lights. Each is shown once when
 * made, listed by name afterwards, and revoked (its feeds close at once) from here.
 */
export function FeedTokensSection({ slug }: FeedTokensSectionProps) {
  const origin = useAudienceOrigin();
  const [tokens, setTokens] = useState<FeedToken[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<NewToken | null>(null);
  const { busy: creating, run } = useBusy();
  const [revoking, setRevoking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** The list as the server has it now (also answered, for the name a new token was given). */
  const reload = useCallback(
    (): Promise<FeedToken[]> =>
      feedTokensApi.list().then(
        ({ tokens: listed }) => {
          setTokens(listed);
          setError(null);
          return listed;
        },
        (failure: unknown) => {
          setError(errorMessage(failure, messages.feedTokensLoadFailed));
          return [];
        },
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  async function create(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      setError(null);
      try {
        const made = await feedTokensApi.create(name.trim() ? { name } : {});
        setName('');
        const listed = await reload();
        setCreated({ ...made, name: listed.find((t) => t.id === made.id)?.name ?? name.trim() });
      } catch (failure) {
        setError(errorMessage(failure, messages.feedTokenCreateFailed));
      }
    });
  }

  async function revoke(token: FeedToken) {
    setRevoking(token.id);
    setError(null);
    try {
      await feedTokensApi.revoke(token.id);
      if (created?.id === token.id) setCreated(null);
    } catch (failure) {
      setError(errorMessage(failure, messages.feedTokenRevokeFailed));
    } finally {
      setRevoking(null);
      void reload();
    }
  }

  return (
    <section className="card feed-tokens" aria-labelledby="feed-tokens-title">
      <h3 id="feed-tokens-title">Live feed</h3>
      <p className="muted">
        Put your queue on your stream, or let a Stream Deck button, a foot switch or the lights
        react to requests. A feed token opens a read-only live feed of your requests: song, artist,
        first name, dedication and votes, never an email.
      </p>

      {created && (
        <div className="feed-token-new" role="group" aria-label="New feed token">
          <p className="feed-token-once">
            <strong>{created.name}</strong>: copy what you need now. The token is shown only this
            once.
          </p>
          <CopyField label="Overlay link" value={overlayUrl(origin, slug, created.token)} />
          <CopyField label="Feed address" value={feedUrl(origin, created.token)} />
          <CopyField label="Token" value={created.token} />
          <p className="muted feed-token-hint">
            Add the overlay link as a browser source of 1920 × 1080 in OBS or Streamlabs. Scripts
            connect a WebSocket to the feed address, or send the token as{' '}
            <code>Authorization: Bearer</code>.
          </p>
          <div>
            <button
              type="button"
              className="button button-primary"
              onClick={() => setCreated(null)}
            >
              Done
            </button>
          </div>
        </div>
      )}

      {tokens !== null && tokens.length > 0 && (
        <ul className="feed-token-list" aria-label="Feed tokens">
          {tokens.map((token) => (
            <li key={token.id} className="feed-token">
              <div>
                <strong>{token.name}</strong>
                <span className="muted feed-token-used">{usedLabel(token)}</span>
              </div>
              <ConfirmButton
                label="Revoke"
                accessibleName={`Revoke ${token.name}`}
                title="Revoke this feed token?"
                message={`Every overlay, script or gadget using ${token.name} stops at once. This cannot be undone.`}
                confirmLabel="Revoke"
                disabled={revoking === token.id}
                onConfirm={() => void revoke(token)}
              />
            </li>
          ))}
        </ul>
      )}
      {tokens !== null && tokens.length === 0 && !created && (
        <p className="feed-tokens-empty">No feed tokens yet.</p>
      )}

      <StatusMessage tone="error">{error}</StatusMessage>

      <form className="feed-token-form" aria-label="Create a feed token" onSubmit={create}>
        <TextField
          label="Name (optional)"
          placeholder="OBS overlay"
          maxLength={FEED_TOKEN_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={creating}>
          Create feed token
        </button>
      </form>
    </section>
  );
}

function usedLabel(token: FeedToken): string {
  const format = (iso: string) =>
    new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return token.last_used_at
    ? `Last used ${format(token.last_used_at)}`
    : `Made ${format(token.created_at)}, not used yet`;
}

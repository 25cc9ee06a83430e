import { useEffect, useRef, useState } from 'react';
import { StatusMessage } from '#client/ui/StatusMessage.tsx';
import type { PublicSong } from '#shared/schemas/song.ts';
import { useAudienceFlowStore } from './audience-flow-store.ts';
import { useAudienceTranslation } from './i18n/audience-i18n.ts';
import type { SentAs } from './my-requests.ts';
import { requestError, sendRequest } from './request-sending.ts';
import './instead-songs.css';

interface InsteadSongsProps {
  /** Nearest first, as the server ranked them. */
  songs: PublicSong[];
  /** Who asked for the song turned down; unknown (an older phone's list): the form opens. */
  sentAs: SentAs | null;
  /** One of them was asked for (or was already the person's own). */
  onAsked(): void;
  /** Where a refusal is said; without it, under the songs. (A form says it under its fields.) */
  onError?(message: string): void;
}

/**
 * Songs to ask for instead of one rejected or held back (issue 47): each one tap, under the same
 * name, email and dedication. The musician's words are never translated (translate="no").
 */
export function InsteadSongs({ songs, sentAs, onAsked, onError }: InsteadSongsProps) {
  const { t } = useAudienceTranslation();
  const [sendingId, setSendingId] = useState<string | null>(null);
  const [ownError, setOwnError] = useState('');
  const setError = onError ?? setOwnError;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function ask(song: PublicSong) {
    if (!sentAs) return useAudienceFlowStore.getState().openRequest(song);
    setError('');
    setSendingId(song.id);
    const sent = await sendRequest(song, sentAs);
    if (!mounted.current) return;
    setSendingId(null);
    if (sent.kind === 'refused') return setError(requestError(sent.outcome));
    onAsked();
  }

  if (songs.length === 0) return null;
  return (
    <section className="instead" aria-label={t('insteadTitle')}>
      <h3 className="instead-title">{t('insteadTitle')}</h3>
      <ul className="instead-songs">
        {songs.map((song) => (
          <li key={song.id} className="instead-song">
            <span className="instead-song-text" translate="no">
              <span className="instead-song-title">{song.title}</span>
              <span className="instead-song-artist">{song.artist}</span>
            </span>
            <button
              type="button"
              className="button instead-request"
              disabled={sendingId !== null}
              aria-busy={sendingId === song.id}
              aria-label={t('insteadRequestSong', { song: song.title })}
              onClick={() => void ask(song)}
            >
              {sendingId === song.id ? t('sending') : t('insteadRequest')}
            </button>
          </li>
        ))}
      </ul>
      {!onError && <StatusMessage tone="error">{ownError}</StatusMessage>}
    </section>
  );
}

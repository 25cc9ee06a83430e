import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicSong } from '#shared/schemas/song.ts';
import { makeSong } from '#client-test/song-factory.ts';
import { SongCard } from './SongCard.tsx';
import { songCardState } from './song-state.ts';

function publicSong(extra: Partial<PublicSong> = {}): PublicSong {
  const { hidden: _hidden, songwriter: _songwriter, ...song } = makeSong({ title: 'Yellow' });
  return { ...song, ...extra };
}

/** Today at 9:40 PM on this machine's clock: the card words it on the phone's clock. */
function todayAt(hours: number, minutes: number): string {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
}

const card = (song: PublicSong) =>
  renderToStaticMarkup(
    <SongCard song={song} position={1} total={1} showYear showNotes onRequest={() => undefined} />,
  );

describe('a song card under the no-repeats rule', () => {
  it('offers the Request button when nothing holds the song back', () => {
    expect(songCardState(publicSong(), 'en')).toEqual({ kind: 'request' });
    const html = card(publicSong());
    expect(html).toContain('Request Song');
    expect(html).not.toContain('song-state');
  });

  it('says when a held-back song was played, instead of its Request button', () => {
    const html = card(publicSong({ played_at: todayAt(21, 40) }));
    expect(html).toContain('Played at 9:40 PM');
    expect(html).not.toContain('<button');
  });

  it('says "Coming up" for a song Up Next, instead of its Request button', () => {
    const html = card(publicSong({ coming_up: true, played_at: todayAt(20, 0) }));
    expect(html).toContain('Coming up');
    expect(html).not.toContain('Played at');
    expect(html).not.toContain('<button');
  });

  it('words the time in the page’s language, with the weekday when not today', () => {
    const at = new Date(2026, 10, 23, 21, 40).toISOString(); // a Monday
    const sameDay = new Date(2026, 10, 23, 23, 0);
    const later = new Date(2026, 10, 25, 12, 0);
    const song = publicSong({ played_at: at });
    expect(songCardState(song, 'en', sameDay)).toEqual({ kind: 'played', time: '9:40 PM' });
    expect(songCardState(song, 'de', sameDay)).toEqual({ kind: 'played', time: '21:40' });
    expect(songCardState(song, 'en', later)).toEqual({ kind: 'played', time: 'Mon 9:40 PM' });
  });
});

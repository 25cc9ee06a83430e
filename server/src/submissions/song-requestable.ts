/**
 * Whether the audience may request a song now, one definition (the request's admission and
 * the suggestions' check ask it): any song while no public playlist is active, else only songs
 * on a public playlist.
 */
export function songRequestable(song: { publicSetPlaying: boolean; inPublicSet: boolean }) {
  return !song.publicSetPlaying || song.inPublicSet;
}

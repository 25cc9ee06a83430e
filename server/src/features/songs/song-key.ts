// The duplicate rule is shared with the audience page (its "already on the list" hint).
export { songKey } from '#shared/song-key.ts';

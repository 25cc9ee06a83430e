/**
 * MusicBrainz tags are free text ("british", "90s", "seen live", "rock"). Only tags naming a
 * genre or a mood a musician would filter by are kept, spelled the way the starter pack spells
 * them, so imported songs and the starter pack share one set of filter values.
 */
const GENRES = (
  'Rock|Pop|Folk|Country|Soul|R&B|Jazz|Blues|Reggae|Funk|Disco|Rock and Roll|' +
  'Britpop|Alternative|Indie|Grunge|Acoustic|Latin|Metal|Punk|Hip Hop|Electronic|' +
  'Dance|Gospel|Swing|Ska|New Wave|Synth-pop|Singer-Songwriter|Americana|Bluegrass|' +
  'Motown|Soft Rock|Hard Rock|Classic Rock|Pop Rock|Folk Rock|Indie Rock|' +
  'Alternative Rock|Blues Rock|Southern Rock|Progressive Rock|Psychedelic Rock|' +
  'Punk Rock|Heavy Metal|House|Techno|Trance|Bossa Nova|Salsa|Reggaeton|Celtic|' +
  'Classical|Musical|Christmas|Emo|Shoegaze|Trip Hop|Neo Soul|Doo-wop|Rockabilly|' +
  'Chanson'
).split('|');

const MOODS = (
  'Happy|Upbeat|Energetic|Party|Singalong|Romantic|Mellow|Chill|Melancholic|' +
  'Reflective|Nostalgic|Uplifting|Dark|Powerful|Groovy|Peaceful|Dreamy|Empowering|' +
  'Calm|Relaxing|Angry|Epic|Fun|Sentimental|Sexy|Hopeful'
).split('|');

const key = (tag: string) =>
  tag
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
    .replace('&', 'n');

const ALIASES: Record<string, string> = {
  rocknroll: 'Rock and Roll',
  rockandroll: 'Rock and Roll',
  rnb: 'R&B',
  rhythmandblues: 'R&B',
  hiphop: 'Hip Hop',
  singersongwriter: 'Singer-Songwriter',
  melancholy: 'Melancholic',
  sad: 'Melancholic',
  love: 'Romantic',
};

const genreByKey = new Map(GENRES.map((genre) => [key(genre), genre]));
const moodByKey = new Map(MOODS.map((mood) => [key(mood), mood]));

/** Splits tags, most used first, into known genres and moods (at most three of each). */
export function classifyTags(tags: Array<{ name: string; count: number }>): {
  genres: string[];
  moods: string[];
} {
  const genres = new Set<string>();
  const moods = new Set<string>();
  for (const tag of [...tags].sort((a, b) => b.count - a.count)) {
    if (tag.count < 1) continue;
    const k = key(tag.name);
    const alias = ALIASES[k];
    const genre = genreByKey.get(k) ?? (alias && genreByKey.get(key(alias)));
    const mood = moodByKey.get(k) ?? (alias && moodByKey.get(key(alias)));
    if (genre && genres.size < 3) genres.add(genre);
    else if (mood && moods.size < 3) moods.add(mood);
  }
  return { genres: [...genres], moods: [...moods] };
}

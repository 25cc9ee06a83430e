/**
 * The queue's words in English, the same on a phone's Queue view (the audience catalogues
 * translate them) and on the venue screen: written once here for both.
 */
export const queueWordsEn = {
  nowPlaying: 'Now playing',
  votes: '{count} votes',
  requestedBy: 'requested by {name}',
} as const;

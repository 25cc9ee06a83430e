import { TIP_DEFAULT_MESSAGE } from '#shared/audience-constants.ts';
import { audienceMessagesEn } from '#shared/i18n/audience-messages-en.ts';
import { queueWordsEn } from '#shared/queue-words.ts';
import { SONG_SORT_OPTIONS } from '#shared/song-sort-options.ts';

/**
 * The audience page's own words in English: exactly what the page said before it spoke other
 * languages (catalogs.test.ts holds them to that). Plural keys end in _one / _other (i18next);
 * {name} is a placeholder. The musician's words (names, songs, bio) are never in a catalog.
 * A sentence shared/ already holds is taken from there, never spelt again (catalogs.test.ts).
 */
export const catalogEn = {
  // Page states
  loadingSongs: 'Loading songs…',
  tryAgain: 'Try again',
  goHome: 'Go to the home page',
  documentTitle: '{name} | Song Requests',

  // The Queue view (issue 22 §6)
  queueTabSongs: 'Songs',
  queueTabQueue: 'Queue',
  queueNowPlaying: queueWordsEn.nowPlaying,
  queueUpNext: 'Up next',
  queueWaiting: 'Waiting',
  queueEmpty: 'Nobody has requested a song yet. Be the first!',
  queueVote: '+1',
  queueVoted: 'Voted',
  queueVoteFor: '+1 for {song}',
  queueVotes: queueWordsEn.votes,
  queueVoteWho: 'Your name and email, so your +1 counts once:',
  queueVoteSend: 'Count my +1',
  queueCancel: 'Cancel',
  queueLoadFailed: 'Could not load the queue. Try again.',
  queueRequestedBy: queueWordsEn.requestedBy,
  queueVoteFailed: 'Your +1 did not reach us. Check your connection and try again.',

  // Header and artist profile
  language: 'Language',
  tip: 'Tip',
  aboutTheArtist: 'About the Artist',
  connect: 'Connect',
  listen: 'Listen',
  website: 'Website',
  leaveATip: 'Leave a Tip',
  followTitle: 'Follow {name}',
  done: 'Done',

  // Requests off
  suggestASong: 'Suggest a Song',
  sendATip: 'Send a Tip',

  // Your requests (the requester's status view)
  yourRequests: 'Your requests',
  sending: 'Sending…',
  // The proof of work past a second (audience-submit.ts): the phone is working, not stuck.
  proofSolving: 'Checking this phone before sending…',
  statusReceived: 'Received',
  statusUpNext: 'Up next',
  statusPlayed: 'Played',
  statusNotTonight: 'Not tonight',
  placeInLine: '#{position} in line',
  placeInLineEta: '#{position} in line, about {minutes} min',
  // Something else to ask for (issue 47): songs near one rejected or held back, one tap each
  insteadTitle: 'Something else to ask for',
  insteadRequest: 'Request',
  insteadRequestSong: 'Request {song} instead',

  // The receipt once played (issue 47): the name given with this request, and the show's setlist
  receiptPlayedAt: 'Played at {time}',
  receiptPlayedFor: 'Played at {time} for {name}',
  seeSetlist: 'See tonight’s setlist',

  // The setlist after the show (the recap page)
  setlistLoading: 'Loading the setlist…',
  setlistTitle: 'Setlist',
  setlistDocumentTitle: '{show} setlist | {name}',
  setlistSongs_one: '{count} song played',
  setlistSongs_other: '{count} songs played',
  setlistTipTitle: 'Enjoyed the show?',
  setlistTip: 'Tip {name}',
  setlistMore: 'See all of {name}’s songs',
  setlistSongList: 'See their songs',

  // A push when it matters (issue 47): the offer under a waiting request, and its states
  pushOffer: "Tell me when it's coming up",
  pushAsking: 'Turning on notifications…',
  pushOn: "We'll tell you when it's next",
  pushDenied:
    "Notifications are blocked for this page. Allow them in your browser's site settings (the icon beside the address), then try again.",
  pushFailed: 'Notifications could not be turned on. Check your connection and try again.',
  pushHomeScreen:
    "To get a notification when it's coming up, add this page to your Home Screen: tap Share, then Add to Home Screen.",

  // The request sent (issue 43): its success state first, the tip an optional step after it
  sentTitle: 'Your request',
  sentInLine: "Sent: you're #{position} in line",
  sentUpNext: "Sent: you're up next",
  sentReceived: 'Sent!',
  sentFollowHint: 'Follow it under “Your requests” on this page.',
  queueYours: 'Yours',

  // Song browser
  songsHeading: 'Songs',
  searchSongs: 'Search songs',
  searchPlaceholder: 'Search title, artist, genre',
  sort: 'Sort',
  sortMostPopular: SONG_SORT_OPTIONS[0].label,
  sortAlphabetical: SONG_SORT_OPTIONS[1].label,
  sortNewest: SONG_SORT_OPTIONS[2].label,
  sortRandom: SONG_SORT_OPTIONS[3].label,
  shuffle: 'Shuffle',
  viewFilters: 'View Filters',
  hideFilters: 'Hide Filters',
  filtersOn: '(on)',
  layout: 'Layout',
  grid: 'Grid',
  list: 'List',
  songCount_one: audienceMessagesEn.limitSongs_one,
  songCount_other: audienceMessagesEn.limitSongs_other,
  showingSongs_one: 'Showing {shown} of {count} song',
  showingSongs_other: 'Showing {shown} of {count} songs',
  randomSong: 'Random Song',
  clearFilters: 'Clear Filters',
  requestSong: 'Request Song',
  comingUp: 'Coming up',
  playedAt: 'Played at {time}',

  // Filters panel
  filters: 'Filters',
  playlist: 'Playlist',
  allSongs: 'All Songs',
  genre: 'Genre',
  allGenres: 'All genres',
  mood: 'Mood',
  allMoods: 'All moods',
  year: 'Year',
  allYears: 'All years',
  decade: 'Decade',
  allDecades: 'All decades',
  clearAll: 'Clear All',

  // Request and suggestion forms
  requestASong: 'Request a Song',
  yourName: 'Your name',
  yourEmail: 'Your email',
  dedicationOptional: 'Dedication (optional)',
  sendRequest: 'Send Request',
  songTitle: 'Song title',
  artist: 'Artist',
  messageOptional: 'Message (optional)',
  suggestSong: 'Suggest Song',

  // Tip and Zelle
  quickAmounts: 'Quick amounts',
  tipAmount: 'Tip amount ($)',
  payWith: 'Pay with',
  noTip: 'No Tip',
  sendTip: 'Send Tip',
  tipDefaultMessage: TIP_DEFAULT_MESSAGE,
  tipAfterRequestSuffix: ' (with song request)',
  payWithZelle: 'Pay with Zelle',
  email: 'Email',
  phone: 'Phone',
  copy: 'Copy',
  copyEmail: 'Copy email',
  copyPhone: 'Copy phone',

  // Card payments (issue 45): Stripe Checkout, and what the page says on the way back
  payByCard: 'Card, Apple Pay, Google Pay',
  payByCardHint: 'Secure checkout by Stripe',
  cardTipFailed: 'The card payment could not start. Try again, or pick an app.',
  checkoutConfirming: 'Confirming your payment…',
  checkoutTipPaid: 'Tip received, thank you',
  checkoutRequestPaid: 'Payment received',
  checkoutRequestPaidHint: 'Your request is in line.',
  checkoutRefunded: 'Your payment was refunded',
  checkoutExpired: 'Payment not completed',
  checkoutExpiredHint: 'You were not charged.',
  checkoutUnconfirmed: 'Your payment is not confirmed yet',
  checkoutUnconfirmedHint: 'If you paid, it still reaches the musician. Nothing more to do.',
  skipTheLine: 'Skip the line for {price}',
  skipTheLineHint: 'Paid requests go first. Not played tonight? You get your money back.',
  continueToPayment: 'Continue to Payment',
  paymentAwaiting: 'Waiting for payment',
  paymentPaid: 'Paid',
  paymentRefunded: 'Refunded',
} as const;

export type CatalogKey = keyof typeof catalogEn;

/** Plural keys appear once per plural category of each language (Intl.PluralRules). */
type PluralBase = {
  [K in CatalogKey]: K extends `${infer Base}_${'one' | 'other'}` ? Base : never;
}[CatalogKey];

/** What another language's catalog must hold: every key that is not plural, and any plural forms. */
export type AudienceCatalog = Record<Exclude<CatalogKey, `${PluralBase}_${string}`>, string> &
  Partial<Record<`${PluralBase}_${Intl.LDMLPluralRule}`, string>>;

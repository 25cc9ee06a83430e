import type { AudienceMessagesCatalog } from './audience-messages.ts';

/**
 * English: messages.ts's own sentences, copied so the audience page's bundle does not carry all
 * of messages.ts (every sentence of the musician's app) to phones on venue wifi.
 * audience-messages.test.ts holds each one to messages.ts, word for word.
 */
export const audienceMessagesEn = {
  pageLoadFailed: 'This page could not be loaded. Please check your connection and try again.',
  musicianNotFound: 'Musician not found',
  musicianNotFoundDescription: 'The requested musician profile does not exist.',
  showRecapNotFound:
    'There is no setlist to see here. A setlist appears after the show, when the musician shares it.',
  pagePaused: "This artist's request page is paused",
  requestsOffTitle: 'Song Requests Are Currently Off',
  requestsCloseIn: 'Requests close in {wait}',
  requestsOpenAt: 'Requests open at {time}',
  noSongsYet: 'No songs have been added yet.',
  noSongsMatch: 'No songs match your search',
  requestSent: 'Request sent:',
  copiedToClipboard: 'Copied to clipboard!',
  copyFailed: 'Could not copy automatically. Select the link and copy it.',
  zelleInstructions: "Send {amount} with Zelle in your bank's app to:",
  requestNameEmailRequired: 'Please enter your name and email',
  emailInvalid: 'Please enter a valid email address',
  suggestionFieldsRequired: 'Please fill in all required fields',
  tipAmountInvalid: 'Please enter a valid tip amount',
  tipAmountTooHigh: 'Tip amount cannot exceed $500',
  tipPlatformInvalid: 'Please choose a payment app.',
  textHasNulCharacter:
    'This text contains an invisible character that cannot be saved. Please retype it.',
  requestsDisabled: 'Song requests are currently disabled. Please try again later.',
  requestsOpenIn: 'Song requests are currently disabled. They open in {wait}.',
  requestsClosedAgo: 'Song requests are currently disabled. They closed {wait} ago.',
  requestSongUnavailable: 'This song is not available for requests.',
  requestSongNotInSet:
    'This song is not on the current set list. Please choose one of the songs shown on this page.',
  requestSongPlayed: 'This song was already played at {time}. Please choose another song.',
  requestLimitReached:
    'This musician has reached their request limit. They need to upgrade to Pro for unlimited requests.',
  requestSubmitFailed: 'Error submitting request. Please try again.',
  requestAlreadyAsked: 'You have already asked for this song. It is still waiting to be played.',
  suggestionsDisabled: 'This artist is not taking song suggestions right now.',
  suggestionAlreadyListed: 'This song is already on the list. Request it instead.',
  suggestionSubmitFailed: 'Error submitting suggestion',
  suggestionThanks: 'Thank you for your song suggestion! The artist will review it soon.',
  tipProviderNotSetUp: '{provider} is not set up for this musician',
  tipNoPaymentMethods: "This musician hasn't set up payment methods for tips yet",
  tipFailed: 'Error processing tip. Please try again.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  requestLimitPerRequester: 'You have requested {count} in the last {window}. Try again in {wait}.',
  suggestionLimitPerRequester:
    'You have suggested {count} in the last {window}. Try again in {wait}.',
  tipLimitPerRequester: 'You have sent {count} in the last {window}. Try again in {wait}.',
  musicianFlooded:
    'So many people are writing to this musician right now. Please try again in {wait}.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different submission. Use a new key for each new submission.',
  internalError: 'Something went wrong on our side. Please try again.',

  // The pieces the limit sentences are filled with, in i18next's plural form (`<key>_<form>`
  // for each plural form of the language): exactly as submission-limit.ts words them.
  limitSongs_one: '{count} song',
  limitSongs_other: '{count} songs',
  limitTips_one: '{count} tip',
  limitTips_other: '{count} tips',
  windowMinutes_one: 'minute',
  windowMinutes_other: '{count} minutes',
  windowHours_one: 'hour',
  windowHours_other: '{count} hours',
  waitMinutes_one: '{count} minute',
  waitMinutes_other: '{count} minutes',
  waitHours_one: '{count} hour',
  waitHours_other: '{count} hours',
} as const satisfies AudienceMessagesCatalog;

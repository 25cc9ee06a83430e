/**
 * The sentences of messages.ts an audience member can meet, in English, written here once:
 * messages.ts takes them from here, so the audience page's bundle carries them without all of
 * messages.ts (every sentence of the musician's app) to phones on venue wifi. Each language's
 * catalog (audience-messages-<locale>.ts) translates exactly these; a sentence the audience
 * routes answer that is missing here reaches the page in English.
 */
export const audienceSentencesEn = {
  // The page's own words
  pageLoadFailed: 'This page could not be loaded. Please check your connection and try again.',
  musicianNotFound: 'Musician not found',
  musicianNotFoundDescription: 'The requested musician profile does not exist.',
  // A show's setlist not shared (off, not over, nothing played, or no such show).
  showRecapNotFound:
    'There is no setlist to see here. A setlist appears after the show, when the musician shares it.',
  pagePaused: "This artist's request page is paused",
  requestsOffTitle: 'Song Requests Are Currently Off',
  // The request window's countdown ({time} on the phone's clock).
  requestsCloseIn: 'Requests close in {wait}',
  requestsOpenAt: 'Requests open at {time}',
  noSongsYet: 'No songs have been added yet.',
  noSongsMatch: 'No songs match your search',
  requestSent: 'Request sent:',
  copiedToClipboard: 'Copied to clipboard!',
  copyFailed: 'Could not copy automatically. Select the link and copy it.',
  zelleInstructions: "Send {amount} with Zelle in your bank's app to:",
  // The forms, checked on the phone and again by the server
  requestNameEmailRequired: 'Please enter your name and email',
  emailInvalid: 'Please enter a valid email address',
  suggestionFieldsRequired: 'Please fill in all required fields',
  tipAmountInvalid: 'Please enter a valid tip amount',
  tipAmountTooHigh: 'Tip amount cannot exceed $500',
  tipPlatformInvalid: 'Please choose a payment app.',
  textHasNulCharacter:
    'This text contains an invisible character that cannot be saved. Please retype it.',
  // What the server answers a submission
  requestsDisabled: 'Song requests are currently disabled. Please try again later.',
  // Outside the musician's request window (issue 22): when it opens, or how long since it closed.
  requestsOpenIn: 'Song requests are currently disabled. They open in {wait}.',
  requestsClosedAgo: 'Song requests are currently disabled. They closed {wait} ago.',
  requestSongUnavailable: 'This song is not available for requests.',
  requestSongNotInSet:
    'This song is not on the current set list. Please choose one of the songs shown on this page.',
  // No repeats (issue 22): {time} is when it was played, on the phone's clock.
  requestSongPlayed: 'This song was already played at {time}. Please choose another song.',
  requestLimitReached:
    'This musician has reached their request limit. They need to upgrade to Pro for unlimited requests.',
  requestSubmitFailed: 'Error submitting request. Please try again.',
  // The same person asking again for their song still waiting (a +1 is one person).
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
  // A requester's phone, told in a push when their request changes (features/push-notifications)
  // {time} on the clock of the phone that subscribed, {dedication} the one of its own request.
  pushUpNextTitle: 'Your song is next: {song}',
  pushUpNextBody: '{song} by {artist} is coming up.',
  pushPlayedTitle: 'Played at {time}: {song}',
  pushPlayedForTitle: 'Played at {time}, for {dedication}',
  pushPlayedBody: '{song} by {artist}. Thank you for your request!',
  pushRejectedTitle: 'Not tonight: {song}',
  pushRejectedBody: 'The musician cannot play it tonight. Pick another song on the page.',
  pushRejectedAlternativesBody: 'Maybe one of these instead: {songs}',
  pushSubscriptionInvalid:
    "This browser's notification settings could not be read. Turn notifications off and on again, or try another browser.",
  pushServiceNotAllowed:
    'Notifications only work through the push service of a browser such as Chrome, Firefox, Edge or Safari. Try one of those.',
  pushRequestNotWaiting:
    'This request is not waiting any more, so there is nothing left to tell you about it.',
} as const;

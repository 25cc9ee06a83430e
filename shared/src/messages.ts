import { audienceSentencesEn } from './i18n/audience-sentences-en.ts';
import { queueWordsEn } from './queue-words.ts';

/**
 * Every user-facing sentence the API or the client shows, defined once.
 * Texts quoted from the spec (sections 5 and 8) are kept word for word.
 * The sentences an audience member can meet are written in i18n/audience-sentences-en.ts and
 * taken from there, so the audience page's bundle carries them without the rest of this file.
 */
export const messages = {
  ...audienceSentencesEn,

  // Generic
  invalidJson: 'The request body is not valid JSON.',
  notFoundRoute: 'There is nothing at this address.',
  pageNotFound: 'Page not found',
  addressTooLong: 'This address is too long.',
  addressInvalid: 'This address is not valid.',
  requestHeadersTooLarge:
    "This request's address or headers are too long to read. Use a shorter address, or clear this site's cookies and try again.",
  requestUnreadable: 'This request could not be read as HTTP. Please try again.',
  requestTimedOut: 'This request took too long to arrive. Please try again.',
  // The balancer's own answers (deploy/haproxy.cfg repeats these sentences word for word).
  balancerBadRequest:
    'This request could not be read: its address or headers may be too long. Use a shorter address, or clear the cookies of this site, and try again.',
  balancerForbidden: 'This request is not allowed.',
  balancerServerGone: 'The server stopped while answering. Please try again.',
  balancerNoServer: 'The server is not available right now. Please try again in a moment.',
  balancerServerTooSlow: 'The server took too long to answer. Please try again.',
  loginRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',

  // Operations (GET /metrics, GET /api/ready)
  metricsTokenRequired: 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.',
  serverStarting: 'This server is starting and takes no requests yet.',
  serverDraining: 'This server is shutting down and takes no new requests.',
  serverDatabaseDown: 'This server cannot reach its database.',

  // Sign-in and accounts
  authFailed: 'Authentication failed.',
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists. Try signing in instead.',
  nameRequired: 'Please enter your stage name.',
  emailRequired: 'Please enter your email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 256 characters long.',
  loggedOut: 'You have been logged out.',
  oidcFailed: 'Authentication failed. Please try logging in again.',
  oidcNotConfigured: 'Sign-in with an identity provider is not set up on this server.',
  oidcProviderUnavailable:
    'The sign-in provider cannot be reached right now. Please try again in a minute, or sign in with your password.',
  oidcChooseStageName:
    'You are signed in with {email}. Choose the stage name your audience will see on your page.',

  // Forgot / reset password
  resetCodeSent: 'If an account exists for this email, a reset code has been sent to it.',
  resetCodeRequired: 'Please enter the reset code.',
  newPasswordRequired: 'Please enter a new password.',
  resetCodeInvalid: 'This reset code is invalid or has expired. Please request a new one.',
  resetCodeLocked: 'Too many wrong attempts for this reset code. Please request a new one.',
  resetSuccess: 'Password reset successful! You can now login with your new password.',
  forgotPasswordFailed: 'Error sending reset code',
  resetPasswordFailed: 'Error resetting password',
  resetCodeInInbox: 'Check the inbox of {email} for the code.',
  resetCodeInServerLog:
    'This server has no email set up, so the code was written to the server log; ask whoever runs this server for it.',

  // Profile and public pages
  // No repeats (issue 22), PUT /profile.
  repeatRuleInvalid: 'Repeats must be "allow", "show" or "hours".',
  repeatHoursInvalid: 'With the "hours" rule, choose a whole number of hours from 1 to 72.',
  slugTaken: 'This audience link name is already taken. Please choose another.',
  slugInvalid:
    'The audience link name may only contain lowercase letters, numbers and single hyphens (3 to 60 characters).',
  profileLoadFailed: 'Error loading profile',
  profileUpdateFailed: 'Error updating profile',
  profileUpdated: 'Profile updated',
  // The request window (PUT /profile requests_open_at, requests_close_at)
  requestWindowTimeInvalid:
    'Please give the time as a date and time with its zone, for example 2026-11-25T21:00:00Z, or null for none.',
  requestWindowCloseBeforeOpen: 'Requests must close after they open. Choose a later closing time.',
  requestWindowTooFar: 'Please choose a time within {days} days of now.',
  requestWindowTitle: 'Request window',
  requestWindowOpensAt: 'Open at',
  requestWindowClosesAt: 'Close at',
  requestWindowExtend: '+10 min',
  requestWindowClear: 'Clear',
  requestWindowClosesIn: 'Closes in {wait}',
  requestWindowOpensIn: 'Opens in {wait}',
  requestWindowSaveFailed: 'The request window could not be saved. Please try again.',
  slugAvailable: 'This audience link name is available.',
  slugCurrent: 'This is your current audience link name.',
  slugChecking: 'Checking availability...',
  websiteInvalid: 'Please enter your website as a web address, e.g. https://example.com',
  spotifyArtistUrlInvalid:
    'Please enter your Spotify artist link, e.g. https://open.spotify.com/artist/...',
  appleMusicArtistUrlInvalid:
    'Please enter your Apple Music artist link, e.g. https://music.apple.com/us/artist/...',
  zelleEmailInvalid: 'Please enter a valid Zelle email address',
  zellePhoneInvalid: 'Please enter a valid Zelle phone number (digits, spaces, +, -, brackets).',

  // Account: email, password, deletion (spec sections 5 and 8)
  allFieldsRequired: 'All fields are required',
  emailsDoNotMatch: 'Email addresses do not match',
  newEmailSameAsCurrent: 'New email must be different from current email',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 8 characters long',
  newPasswordNeedsLetter: 'New password must contain at least one letter',
  newPasswordNeedsNumber: 'New password must contain at least one number',
  newPasswordSameAsCurrent: 'New password must be different from current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailUpdated:
    'Email address updated. Your other devices have been signed out and your feed tokens revoked.',
  emailUpdateFailed: 'Error updating email address',
  passwordUpdated:
    'Password updated. Your other devices have been signed out and your feed tokens revoked.',
  passwordUpdateFailed: 'Error updating password',
  deleteConfirmationRequired: 'Please type "DELETE" to confirm account deletion.',
  accountDeleted: 'Account deleted successfully. You will be logged out.',
  accountDeleteFailed: 'Error deleting account. Please try again.',
  deletePasswordRequired: 'Please enter your current password to delete your account.',
  deleteNeedsFreshSignIn:
    'Please enter your current password. Signed in with an identity provider and never set one? Sign out, sign in with it again, and delete within 5 minutes.',

  // Songs
  songNotFound: 'Song not found',
  songTitleRequired: 'Please enter the song title.',
  songArtistRequired: 'Please enter the artist.',
  songYearInvalid: 'Year must be a whole number between 1000 and 2100, or empty.',
  songDurationInvalid: 'Length must be minutes and seconds, like 3:45, or empty.',
  songAddFailed: 'Error adding song',
  songUpdateFailed: 'Error updating song',
  songDuplicate: 'You already have this song: {title} by {artist}.',
  songNotesPublic: 'Shown to your audience',
  songDeleted: 'Song deleted',
  songHidden: 'Song hidden from the audience page',
  songShown: 'Song visible on the audience page',
  songSongwriterTooLong: 'Songwriter must be at most 200 characters.',
  songSongwriterHint:
    'Used for performing-rights setlist reports (BMI Live, ASCAP OnStage). Not shown to your audience.',
  visibilityFailed: 'Error updating song visibility. Please try again.',

  // Importing songs: CSV, LST, playlists, starter pack (spec sections 5 and 8)
  csvWrongExtension: 'Please drop a valid CSV file',
  lstWrongExtension: 'Please select a .lst file',
  importFileMissing: 'Please choose a file to upload.',
  importNotForm:
    'Send the file as a form upload (multipart/form-data), the file in one field of the form.',
  importTooManyParts: 'This upload has too many parts. Send the file with at most 5 other fields.',
  importOneFileOnly: 'Please upload one file at a time.',
  importUploadCutOff:
    'The upload stopped before the end of the file. Please choose the file again and retry.',
  importUploadUnreadable:
    'This upload could not be read as a form. Please choose the file again and retry.',
  importFileTooLarge: 'The file is too large (max 5 MB).',
  importFileEmpty: 'This file has no songs in it.',
  importAlreadyRunning: 'An import is already running; try again when it is done.',
  importRowsOverCap:
    'Only the first {max} rows of a file are read; the rest was left out. Split the file to import more.',
  csvColumnsMissing:
    'The CSV file needs a header line with Title and Artist columns (Genre, Mood and Year are optional).',
  csvQuoteNotClosed:
    'A quoted field is never closed, so this line and the rest of the file could not be read.',
  lstLineInvalid: "Expected 'Title - Artist' on this line.",
  csvUnreadable: 'This file could not be read as a CSV file.',
  csvPreviewFailed: 'Error previewing CSV file',
  csvUploadFailed: 'Error uploading CSV file',
  lstPreviewFailed: 'Error previewing LST file',
  lstUploadFailed: 'Error uploading LST file',
  playlistUrlRequired: 'Please enter a playlist URL',
  playlistPlatformInvalid: 'Platform must be spotify or apple_music.',
  playlistImportFailed: 'Error importing playlist',
  playlistImportNeedsLogin: 'Please log in again to import playlists',
  spotifyUrlInvalid:
    'This is not a Spotify playlist link. It should look like https://open.spotify.com/playlist/...',
  appleMusicUrlInvalid:
    'This is not an Apple Music playlist link. It should look like https://music.apple.com/us/playlist/name/pl....',
  spotifyNotConfigured:
    'Spotify import is not set up on this server. The operator must set SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET.',
  appleMusicNotConfigured:
    'Apple Music import is not set up on this server. The operator must set APPLE_MUSIC_TOKEN.',
  playlistSourceNotFound:
    'This playlist could not be found. Check the link and that the playlist is public.',
  playlistSourceRefused:
    'The music service refused our credentials. Ask the server operator to check them.',
  playlistSourceUnavailable:
    'The music service could not be reached. Please try again in a moment.',
  playlistEmpty: 'This playlist has no songs to import.',
  starterPackAlreadyAdded: 'Every song of the starter pack is already in your list.',

  // Song metadata and auto-fill (spec sections 5 and 8)
  metadataTitleArtistRequired: 'Please provide both title and artist to search for metadata.',
  metadataNotFound: 'No metadata found. You can still add the song manually.',
  metadataFound: 'Metadata found',
  metadataSearchFailed: 'Error searching for song metadata. You can still add the song manually.',
  batchEnrichFailed: 'Error during batch enrichment. Please try again.',

  // Requests (audience form and the musician's queue)
  requestNotFound: 'Request not found',
  queueMoveFailed: 'Could not move the request. Check your connection and try again.',
  queueOrderFailed: 'Could not change the queue order. Check your connection and try again.',
  queueMoveNotOpen: 'Only a waiting or Up Next request can be moved in the queue.',
  queueMoveAfterNotFound:
    'The request to place it after is not in the same column of your queue any more: reload and try again.',
  queueMoveAfterItself: 'A request cannot be placed after itself.',
  queueMoveNotManual:
    'Your waiting requests follow arrival, votes or tips: choose "My order" for the queue to move them.',
  // The venue screen and the queue in the open (issue 22 §5, §6).
  venueScreenOff: 'This venue screen is switched off.',
  venueScreenOffNotice: 'The musician can turn it on again in their Profile, under Venue screen.',
  publicQueueOff: 'This musician does not show their queue.',
  voteNotOpen: 'This request is no longer waiting, so it cannot take a +1.',
  voteNotTaken: 'This request cannot take a +1 any more: request the song instead.',
  // The proof of work on the audience's writes (issue 46): the phone solves it unseen and sends
  // again, so these reach a person only on a phone that cannot run the page's script.
  proofOfWorkNeeded:
    'Your phone needs to solve a short check before this is sent; it does so by itself.',
  proofOfWorkRefused:
    'That check has expired, was used already or is for another page: your phone will solve a new one.',
  // The venue screen's words (a TV across the room: short).
  screenNowPlaying: queueWordsEn.nowPlaying,
  screenNextUp: 'Next up',
  screenNext: 'Next',
  screenScanToRequest: 'Scan to request a song',
  screenScanToBrowse: 'Scan to see the songs',
  screenRequestsClosed: 'Requests are closed',
  screenEmptyQueue: 'No requests yet. Scan the code and ask for a song!',
  screenEmptyClosed: 'No requests in the queue.',
  screenMore: '+{count} more in the queue',
  screenVotes: queueWordsEn.votes,
  screenRequestedBy: queueWordsEn.requestedBy,
  screenOffTitle: 'The venue screen is off',
  screenLoadFailed: 'Could not load the screen. Retrying…',
  // The venue screen's note to whoever sets it up, when its QR code carries an address the
  // audience's phones cannot open (audience-address.ts); hidden with one press, before doors.
  screenAddressLoopback: 'Phones cannot open this QR code: {host} only works on this computer.',
  screenAddressPrivate:
    'Only phones on the same Wi-Fi as the server can open this QR code: {host} is a local-network address.',
  screenAddressFix:
    'Set PUBLIC_URL to the address your audience can reach (docs/configuration.md), or open this screen at that address.',
  screenAddressHide: 'Hide this note',
  requestTipInvalid: 'Tip amount must be between $0 and $500.',
  requestStatusFailed: 'Error updating request status',
  requestStatusNeedsLogin: 'Please log in again to update request status',
  requestDeleteFailed: 'Error deleting request.',
  requestDeleted: 'Request deleted',
  requestMovedUpNext: 'Added to Up Next!',
  requestMarkedPlayed: 'Marked as played!',
  requestRejected: 'Request rejected',
  requestStatusNotFound: 'This request could not be found. It may have been removed.',
  requestsCursorInvalid:
    'This list position is not valid any more. Reload the page to fetch your requests again.',
  requestsPageLimitInvalid: 'The page size must be a whole number from 1 to 200.',
  requestsCursorConflict: 'Ask for newer requests (since) or older ones (before), not both.',
  olderRequestsLoad: 'Load older requests',
  olderRequestsLoading: 'Loading older requests…',
  olderRequestsNone: 'No older requests.',
  olderRequestsFailed: 'Older requests could not be loaded. Please try again.',

  // Audience page (its own sentences: i18n/audience-sentences-en.ts)
  paidRequestPriceInvalid:
    'A paid request costs between $0.50 and $500 (leave it empty to turn paid requests off)',
  cardTipsNotTaken: "This musician doesn't take card tips",
  paidRequestsNotTaken: "This musician doesn't take paid requests",
  paymentsNotConfigured: 'Card payments are not set up on this server',
  paymentsConnectOnly:
    'Card payments here use your own Stripe account: turn them on in your profile',
  paymentsOwnAccountOnly: 'Card payments on this server are turned on through Stripe onboarding',
  paymentNotFound: 'Payment not found',
  requestPaidInvalid: 'paid must be true or false',
  paymentUnreachable: 'Card payments are unavailable right now. Please try again in a minute.',
  webhookSignatureInvalid: 'The webhook signature does not match',
  tipNotFound: 'Tip not found',
  tipReceivedFailed: 'The tip could not be marked received. Please try again.',
  clickTracked: 'Click recorded',

  // Shows
  showNameRequired: 'Please enter a show name.',
  showNotFound: 'Show not found',
  showAlreadyRunning: 'A show is already running. Stop it before starting a new one.',
  showRestoreWhileRunning: 'A show is already running. Stop it before restoring this one.',
  noShowRunning: 'No show is running.',
  showStartFailed: 'Error starting show. Please try again.',
  showStopFailed: 'Error stopping show.',
  showDeleteFailed: 'Error deleting show.',
  showArchiveFailed: 'Error archiving show.',
  showRestoreFailed: 'Error restoring show.',
  showDeleted: 'Show and its requests deleted',

  // Song suggestions
  suggestionNotFound: 'Suggestion not found',
  suggestionAlreadyHandled: 'Only pending suggestions can be added or rejected.',
  suggestionActionFailed: 'Error processing suggestion.',
  suggestionFetchFailed: 'Error fetching song suggestions',
  suggestionDeleted: 'Suggestion deleted',

  // Live connection
  socketAuthMissing: 'Sign in to receive live updates.',
  socketConnectionsExceeded:
    'Too many live connections from your network. Close a few open pages of this site and reload.',

  // Client screens
  supportAmountInvalid: 'Please enter an amount greater than 0.',

  // Live request loop (client)
  requestsSelectionEmpty: 'Please select requests to update',
  suggestionsSelectionEmpty: 'Please select suggestions to update',
  requestsUpdated: 'Requests updated',
  showStarted: 'Show started',
  showStopped: 'Show stopped',
  showArchived: 'Show archived',
  showRestored: 'Show restored',
  suggestionAdded: 'Song added to your list',
  suggestionRejectedDone: 'Suggestion rejected',
  onStageDemo: 'Demo data: your requests could not be loaded. This screen keeps trying.',
  onStageOtherMusician: 'This On Stage screen belongs to another musician.',
  onStageOtherMusicianHint: 'Open your own to see your requests.',
  onStageShowRunning: 'Show running: {name}',
  onStageNoShow: 'No show running',
  onStageRequestsOff: 'Requests are off',
  onStageNothingUpNext: 'Nothing lined up. Tap Up Next on a request to play it next.',
  // On Stage, issue 43: Next while Up Next is short, the first waiting request with one tap.
  onStageNextSuggestion: 'Next · waiting',
  onStageNextSuggestionLabel: 'Next in the queue',
  // On Stage, issue 47: the queue by the clock (client/src/features/requests/queue-timeline.ts).
  onStageQueueLength: 'Queue: {length} · {songs}',
  onStageLastCall: 'Last call {time}',
  onStageLastCallLine: "Last call {time}: the songs below won't fit",
  // A row's tag says the first words; a screen reader hears the rest too.
  onStageWontFit: "Won't fit",
  onStageWontFitWhy: 'before last call',
  notificationsBlocked:
    'Notifications are blocked for this site. Allow them in your browser settings to hear new requests.',
  onStageLoadFailed: 'Your requests could not be loaded. This screen keeps trying.',
  demoActionOnly: 'This is demo data: nothing was changed.',
  requestUndoPlayed: 'Marked played: {song}',
  requestUndoRejected: 'Rejected: {song}',
  requestUndoCount: '{requests}',
  requestMoveNotSaved: '“{song}” was not changed: {detail}',
  queueEmptyTitle: 'No requests yet',
  queueEmptyHint:
    'Requests appear here the moment someone sends one. Share your page so the room can find you, or send yourself a test request to see how it arrives.',

  // Dashboard first run and show counts (issue 43: caught-up queue, checklist, shows list)
  queueCaughtUpTitle: 'All caught up',
  queueCaughtUpShow: '{requests} this show, {played} played',
  queueCaughtUpNoShowRequests:
    'No requests yet this show. New ones appear here the moment they arrive.',
  queueCaughtUpHint: 'Nothing waiting. New requests appear here the moment they arrive.',
  showRequestCounts: '{requests}, {played} played',
  showRequestsLoaded: 'Showing {loaded} of {total} requests',
  firstRunTitle: 'Get ready for your first show',
  firstRunProgress: '{done} of {total} done',
  firstRunAddSongs: 'Add your songs',
  firstRunProfile: 'Set up your profile',
  firstRunQrCode: 'Print your QR code',
  firstRunStartShow: 'Start your first show',
  profileUnsavedChanges: 'Unsaved changes',
  profileAllSaved: 'All changes saved',
  songsFewTitle: 'Only {songs} so far',
  songsFewIntro:
    'The starter pack adds {count} well-known covers in one go. Hide the ones you do not play.',

  // Batch song edits (spec section 5, "Batch edit")
  batchNothingToUpdate: 'Please enter values to update.',
  batchUpdateSelectionEmpty: 'Please select songs to update',
  batchDeleteSelectionEmpty: 'Please select songs to delete',
  batchTooManySongs: 'Please select at most 5,000 songs at a time.',
  batchUpdateFailed: 'Error updating songs',

  // Playlists (spec sections 5, 6 and 8)
  playlistNotFound: 'Playlist not found',
  playlistNameEmpty: 'Playlist name cannot be empty',
  playlistNameMissing: 'Please enter a playlist name',
  playlistNameTooLong: 'Playlist name too long (max 100 characters)',
  playlistSongsSelectionEmpty: 'Please select songs to add to the playlist',
  playlistSongsNotYours: 'Some of these songs are not in your song list.',
  playlistRenameForbidden: 'You can only rename your own playlists',
  playlistModifyForbidden: 'You can only modify your own playlists',
  playlistDeleteForbidden: 'You can only delete your own playlists',
  playlistDeleted: 'Playlist deleted',
  playlistActivated: 'Playlist is now shown on your audience page',
  playlistDeactivated: 'Your audience page now shows all your songs',

  // Audience page filters
  filterYearInvalid: 'Year must be a year like 1995, or none.',
  filterDecadeInvalid: 'Decade must look like 1980s, or none.',

  // Songs tab and playlist modals (client)
  songsLoadFailed: 'Error loading your songs',
  songAdded: 'Song added',
  songUpdated: 'Song updated',
  songDeleteFailed: 'Error deleting song',
  autoFillNeedsTitleArtist: 'Please enter both song title and artist before auto-filling.',
  batchSongsUpdated: 'Updated {songs}',
  batchSongsDeleted: 'Deleted {songs}',
  batchSongsDeleteFailed: 'Error deleting songs',
  batchSongsDeletePartial: 'Deleted {deleted} songs; {failed} could not be deleted',
  batchEnrichDone: 'Auto-fill finished: {enriched} of {processed} songs filled in',
  exportNoSongs: 'There are no songs to export.',
  starterPackFailed: 'Error adding the starter pack',
  playlistsLoadFailed: 'Error loading playlists',
  playlistNameRequiredInline: 'Name required',
  playlistSelectRequired: 'Please select a playlist',
  playlistCreateNeedsPro: 'Creating playlists requires a Pro subscription.',
  playlistCreateFailed: 'Error creating playlist',
  playlistCreated: 'Playlist "{name}" created',
  playlistAddSongsFailed: 'Error adding songs to playlist',
  playlistSongsAdded: 'Songs added to "{name}"',
  playlistActivateFailed: 'Error activating playlist',
  playlistLoadFailed: 'Error loading playlist details',
  playlistEditLoadFailed: 'Error loading playlist for editing',
  playlistRenameFailed: 'Error renaming playlist',
  playlistRenamed: 'Playlist renamed',
  playlistVisibilityFailed: 'Error updating playlist visibility',
  playlistNowPublic: 'Playlist is now public',
  playlistNowPrivate: 'Playlist is now private',
  playlistDeleteFailed: 'Error deleting playlist',
  playlistSaveFailed: 'Error saving playlist changes',
  playlistSaved: 'Playlist saved',
  songsEmptyTitle: 'Add your songs',
  songsEmptyIntro:
    'Your audience requests from this list. Type in a first song, start with well-known covers, or bring the list you already have as a CSV file.',
  starterPackButton: 'Add the starter pack ({count} songs)',

  // Analytics tab and show reports
  analyticsDaysInvalid: 'Days must be a whole number from 1 to 3650, or left out for all time.',
  analyticsTimeZoneInvalid: 'Time zone must be a name like America/New_York or Europe/London.',
  analyticsLoadFailed: 'Error loading analytics. Please try again.',
  analyticsExportFailed: 'Error exporting CSV. Please try again.',
  analyticsNoRequests: 'No requests in this period yet.',
  showReportLoadFailed: 'Error loading the show report',
  showReportExportFailed: 'Error exporting the show report. Please try again.',
  showReportFormatInvalid: 'Format must be json or csv.',
  showDateInvalid: 'Performance date must be a date like 2025-06-21, or empty.',
  showDetailsSaved: 'Show details saved',
  showDetailsSaveFailed: 'Error saving show details',
  showNothingToUpdate: 'Please enter values to update.',

  // Design tab, uploaded images, QR code and flyer (spec sections 5, 6 and 8)
  designLoadFailed: 'Error loading design settings',
  designUpdateFailed: 'Error updating design settings',
  designSaved: 'Design settings saved',
  designColorSchemeInvalid: 'Please choose a colour scheme: purple, blue, green, red or orange.',
  designLayoutModeInvalid: 'Please choose a layout: grid or list.',
  designProFeature: 'Pro feature',
  imageTooLarge: 'Image size must be less than 2MB',
  imageWrongType: 'Please choose a JPG or PNG image.',
  imageUnreadable: 'This file is not a JPG or PNG image that can be read. Please choose another.',
  imageTooManyPixels:
    'This image has too many pixels (at most 40 megapixels). Please choose a smaller one.',
  imageInterlacedTooLarge:
    'This PNG is interlaced and too large to read. Please save it without interlacing, or choose a smaller image.',
  imageNotFound: 'Image not found',
  qrCodeFailed: 'Error generating QR code. Please make sure you are logged in.',
  flyerFailed: 'Error generating flyer. Please make sure you are logged in.',
  flyerPrintFailed: 'Error generating flyer for printing',
  flyerCallToAction: 'Scan to request a song',
  // An audience link only this computer, or only this network, can open (audience-address.ts):
  // the QR modal says so and how to fix it; the flyer itself carries a note, so a print is never
  // silently dead.
  qrAddressLoopback:
    'Phones cannot open this address: it only works on this computer. Before you print or share this code, set PUBLIC_URL to the address your audience will use, or open the dashboard at that address.',
  qrAddressPrivate:
    'Only phones on the same Wi-Fi as this server can open this address. For everyone else, set PUBLIC_URL to your public address, or open the dashboard at the address your audience will use.',
  flyerNoteLoopback: 'Test print: this address only opens on the computer that made this flyer.',
  flyerNotePrivate: 'Connect to the Wi-Fi here first, then scan the code.',
  qrFormatInvalid: 'The format must be png or svg.',
  flyerFormatInvalid: 'The format must be png or pdf.',
  flyerPaperInvalid: 'The paper size must be a4 or letter.',

  // Sentences the server builds from counts and states ({placeholders} filled by fill-message.ts)
  requestCannotMove: '{from} request cannot be moved to {to}.',
  requestUndoTooLate:
    'Too late to undo: “{song}” was marked {status} more than {seconds} seconds ago, so it stays {status}.',
  importPreviewCount: '{count} of {songs} can be imported.',
  importPreviewDuplicates: '{songs} already in your list will be skipped.',
  importPreviewAllDuplicates:
    'Every song in this file is already in your list, so there is nothing to import. Choose another file.',
  importButton: 'Import {songs}',
  importAdded: 'Added {songs}.',
  importSkipped: '{songs} already in your list skipped.',
  importFailedLines: '{lines} could not be imported.',
  importEnriched: 'Details filled in for {songs}.',
  importEnrichRemaining: '{count} more can be filled in with Auto-fill All.',
  enrichNothingToDo: 'All your songs already have genres, moods and years.',
  enrichDone: 'Filled in details for {enriched} of {processed} songs looked up.',
  enrichRemaining: '{remaining} more to go: run Auto-fill All again.',
  importRowHasNul: 'Contains an invisible character that cannot be saved.',
  importOverSongCap:
    'Your song list is full ({max} songs): {songs} from this file were left out. Delete songs you no longer play to make room.',
  songCapReached:
    'Your song list is full ({max} songs). Delete songs you no longer play to add new ones.',
  batchEditWouldDuplicate:
    'Nothing was changed: with that artist, {songs} would have the same title and artist as another of your songs. Leave those out of the selection or use another artist.',

  // Contact form and free-mode subscription (issue 9)
  contactFieldsRequired: 'Please fill in all fields',
  contactMessageTooLong: 'Please keep your message under {max} characters.',
  contactSendFailed: 'Error sending message. Please try again.',
  contactSent: 'Thank you! Your message has been sent. We will get back to you soon.',
  subscriptionLabelTrial: 'Free Trial Active',
  subscriptionLabelActive: 'Subscription Active',
  subscriptionLabelCanceled: 'Subscription Canceled',
  subscriptionLabelFree: 'Free Plan',
  subscriptionLoadFailed: 'Error loading subscription status. Please try again.',
  subscriptionBillingDisabled:
    'Billing is disabled in free mode: there is no subscription to cancel and nothing is charged.',
  subscriptionProBenefits:
    'Pro gives you the active audience link, the QR code, unlimited requests and real-time notifications. The dashboard, songs, request history and analytics are always free.',
  subscriptionNotCharged: 'Not charged: billing is disabled in free mode.',
  subscriptionFreeModeNote:
    'Free mode: billing is disabled, so every musician has Pro access and nothing is charged.',
  checkoutSessionIdInvalid:
    'This checkout session id is not valid: use 1 to 255 letters, digits, - or _.',

  // Stage devices: a bandmate's tablet paired to the queue without the password (issue 9)
  stageScopeForbidden: 'A stage device can only work the queue on the On Stage screen.',
  stagePairingCodeInvalid:
    'This pairing code is wrong or has expired. Make a new one on the dashboard.',
  stagePairingCodeRequired: 'Please enter the pairing code shown on the dashboard.',
  stageDeviceNameTooLong: 'Please give the device a name of at most 60 characters.',
  stageDeviceNotFound: 'This stage device was not found. It may have been removed already.',
  stageDevicesLimit: 'You have 20 stage devices. Remove one before adding another.',
  stageDeviceRemoved: 'Stage device removed. It is signed out.',
  stageDeviceCreateFailed: 'Could not make a pairing code. Please try again.',
  stageDevicesLoadFailed: 'Could not load your stage devices. Please try again.',
  stageDeviceRemoveFailed: 'Could not remove this stage device. Please try again.',
  stagePairingFailed: 'Could not pair this device. Please try again.',
  stagePairingExpired: 'This code has expired. Make a new one.',
  stageDevicePaired: '{name} is paired. It shows your On Stage screen now.',
  stageDeviceSignedOut:
    'Signed out (your password changed, or it signed itself out). Remove it and pair it again with a new code.',

  // Abuse and fairness: submission limits, merged requests, blocked requesters (issue 10)
  // The same sentence as a tip's ("You have sent 3 messages in the last 10 minutes...").
  contactLimitPerEmail: audienceSentencesEn.tipLimitPerRequester,
  blockedRequesterNotFound: 'This blocked requester was not found. They may be unblocked already.',
  requesterBlocked: 'Blocked. Their requests will no longer reach you.',
  requesterUnblocked: 'Unblocked. Their new requests will reach you again.',
  blockRequesterConfirm: 'Block {name}? Their requests will no longer reach you.',
  blockRequesterFailed: 'Could not block this requester. Please try again.',
  unblockRequesterFailed: 'Could not unblock this requester. Please try again.',
  blockedRequestersLoadFailed: 'Could not load your blocked requesters. Please try again.',
  blockedRequestersEmpty: 'You have not blocked anyone.',

  // Live feed: feed tokens, the raw WebSocket feed and the stream overlay (issue 11)
  feedTokenNameInvalid: 'Please give the feed token a name of at most 60 characters.',
  feedTokensLimit: 'You have 20 feed tokens. Revoke one before making another.',
  feedTokenNotFound: 'This feed token was not found. It may have been revoked already.',
  feedTokenRevoked: 'Feed token revoked. Every feed using it closed at once.',
  feedTokenMissing:
    'This feed needs a feed token: add ?token=<token> or send Authorization: Bearer <token>.',
  feedTokenInvalid:
    'This feed token is wrong or was revoked. Make a new one in Profile > Live feed.',
  feedTooManyOpen: 'This account already has 20 feeds open. Close one, then connect again.',
  feedUpgradeRequired:
    'The feed is a WebSocket: connect to it with a WebSocket client, e.g. wss://<host>/api/feed?token=<token>.',
  feedServerRestarting: 'The server is restarting. Connect again in a moment.',
  feedReconnectForState: 'Some events may have been missed. Connect again for the current state.',
  feedEmailHidden: '[email hidden]',
  feedTokenCreateFailed: 'Could not make a feed token. Please try again.',
  feedTokensLoadFailed: 'Could not load your feed tokens. Please try again.',
  feedTokenRevokeFailed: 'Could not revoke this feed token. Please try again.',
  overlayTokenMissing:
    'This overlay address has no token. Copy the overlay link again from Profile > Live feed.',
  overlayReconnecting: 'Reconnecting…',
  overlayRequestAt: 'Request a song at {address}',
  overlayRequestsClosed: 'Requests are closed right now.',
  overlayEmpty: 'No requests yet. Be the first!',

  // Insights: what to learn next, and what is requested more than played (issue 11)
  learnNextEmpty:
    'When your audience suggests songs that are not in your list, they appear here, the ones most people asked for lately first, so you know what to learn next.',
  learnNextLoadFailed: 'Could not load what to learn next. Please try again.',
  learnNextOutsideShow: 'Outside a show',
  learnNextAdded: '{song} is now in your songs.',
  learnNextAddFailed: 'Could not add this song. Please try again.',
  learnNextDismissed: '{song} is hidden from this list.',
  learnNextDismissFailed: 'Could not hide this song. Please try again.',
  learnNextRestoreFailed: 'Could not bring this song back. Please try again.',
  learnNextDismissalsFull:
    'You have hidden {max} songs from this list already. Bring some back before hiding more.',
  underplayedEmpty:
    'Songs of yours that people request more often than you play them will appear here.',

  // Installable pages, the offline On Stage screen and its wake lock (issue 11)
  webManifestAppName: 'Song Requests',
  webManifestAudienceDescription: 'Request songs from {name} and follow the show live.',
  onStageOfflineSaved:
    'Offline: showing your queue as of {time}. The buttons come back with the connection, and the queue catches up on its own.',
  onStageOffline:
    'Offline: this queue may be out of date. The buttons come back with the connection, and the queue catches up on its own.',
  wakeLockOn: 'Screen stays on',
  wakeLockFailed: 'Screen may sleep',
} as const;

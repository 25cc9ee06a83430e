import type { AudienceMessagesCatalog } from './audience-messages.ts';

/** German (informal "du", as fans are addressed at a gig): audience-messages.ts's sentences. */
export const audienceMessagesDe = {
  pageLoadFailed:
    'Diese Seite konnte nicht geladen werden. Bitte prüfe deine Verbindung und versuche es erneut.',
  musicianNotFound: 'Künstlerprofil nicht gefunden',
  musicianNotFoundDescription: 'Das gesuchte Künstlerprofil gibt es nicht.',
  showRecapNotFound:
    'Hier gibt es keine Setliste. Eine Setliste erscheint nach der Show, wenn der Act sie teilt.',
  pagePaused: 'Die Wunschseite dieses Acts ist pausiert',
  requestsOffTitle: 'Songwünsche sind gerade ausgeschaltet',
  requestsCloseIn: 'Songwünsche schließen in {wait}',
  requestsOpenAt: 'Songwünsche öffnen um {time}',
  noSongsYet: 'Es wurden noch keine Songs hinzugefügt.',
  noSongsMatch: 'Keine Songs passen zu deiner Suche',
  requestSent: 'Wunsch gesendet:',
  copiedToClipboard: 'In die Zwischenablage kopiert!',
  copyFailed: 'Automatisches Kopieren hat nicht geklappt. Markiere den Text und kopiere ihn.',
  zelleInstructions: 'Sende {amount} mit Zelle in der App deiner Bank an:',
  requestNameEmailRequired: 'Bitte gib deinen Namen und deine E-Mail-Adresse ein',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein',
  suggestionFieldsRequired: 'Bitte fülle alle Pflichtfelder aus',
  tipAmountInvalid: 'Bitte gib einen gültigen Trinkgeldbetrag ein',
  tipAmountTooHigh: 'Das Trinkgeld darf höchstens 500 $ betragen',
  tipPlatformInvalid: 'Bitte wähle eine Bezahl-App.',
  textHasNulCharacter:
    'Dieser Text enthält ein unsichtbares Zeichen, das nicht gespeichert werden kann. Bitte tippe ihn neu ein.',
  requestsDisabled: 'Songwünsche sind gerade deaktiviert. Bitte versuche es später noch einmal.',
  requestsOpenIn: 'Songwünsche sind gerade deaktiviert. Sie öffnen in {wait}.',
  requestsClosedAgo: 'Songwünsche sind gerade deaktiviert. Sie wurden vor {wait} geschlossen.',
  requestSongUnavailable: 'Dieser Song kann gerade nicht gewünscht werden.',
  requestSongNotInSet:
    'Dieser Song steht gerade nicht auf der Setlist. Bitte wähle einen der Songs auf dieser Seite.',
  requestSongPlayed: 'Dieser Song wurde schon um {time} gespielt. Bitte wähle einen anderen.',
  requestLimitReached:
    'Dieser Act hat sein Limit an Songwünschen erreicht. Für unbegrenzte Wünsche ist ein Upgrade auf Pro nötig.',
  requestSubmitFailed: 'Fehler beim Senden des Wunsches. Bitte versuche es erneut.',
  requestAlreadyAsked:
    'Du hast dir diesen Song schon gewünscht. Er wartet noch darauf, gespielt zu werden.',
  suggestionsDisabled: 'Dieser Act nimmt gerade keine Songvorschläge an.',
  suggestionAlreadyListed: 'Dieser Song steht schon auf der Liste. Wünsch ihn dir stattdessen.',
  suggestionSubmitFailed: 'Fehler beim Senden des Vorschlags',
  suggestionThanks: 'Danke für deinen Songvorschlag! Er wird bald angeschaut.',
  tipProviderNotSetUp: '{provider} ist für diesen Act nicht eingerichtet',
  tipNoPaymentMethods: 'Dieser Act hat noch keine Zahlungsmethoden für Trinkgeld eingerichtet',
  tipFailed: 'Fehler beim Verarbeiten des Trinkgelds. Bitte versuche es erneut.',
  tooManyRequests: 'Zu viele Versuche. Bitte warte eine Minute und versuche es dann erneut.',
  requestLimitPerRequester: 'Du hast in {window} {count} gewünscht. Versuche es in {wait} wieder.',
  suggestionLimitPerRequester:
    'Du hast in {window} {count} vorgeschlagen. Versuche es in {wait} wieder.',
  tipLimitPerRequester: 'Du hast in {window} {count} gesendet. Versuche es in {wait} wieder.',
  musicianFlooded:
    'Gerade schreiben diesem Act sehr viele Leute. Bitte versuche es in {wait} noch einmal.',
  idempotencyKeyInvalid: 'Der Header Idempotency-Key muss 1 bis 200 sichtbare Zeichen lang sein.',
  idempotencyKeyReused:
    'Dieser Idempotency-Key wurde schon für eine andere Übermittlung verwendet. Verwende für jede neue Übermittlung einen neuen Key.',
  internalError: 'Bei uns ist etwas schiefgelaufen. Bitte versuche es erneut.',
  pushUpNextTitle: 'Dein Song ist als Nächstes dran: {song}',
  pushUpNextBody: '{song} von {artist} kommt gleich.',
  pushPlayedTitle: 'Gespielt um {time}: {song}',
  pushPlayedForTitle: 'Gespielt um {time}, für {dedication}',
  pushPlayedBody: '{song} von {artist}. Danke für deinen Wunsch!',
  pushRejectedTitle: 'Heute nicht: {song}',
  pushRejectedBody: 'Der Song kann heute nicht gespielt werden. Wähl auf der Seite einen anderen.',
  pushRejectedAlternativesBody: 'Vielleicht stattdessen einer von diesen: {songs}',
  pushSubscriptionInvalid:
    'Die Benachrichtigungseinstellungen dieses Browsers konnten nicht gelesen werden. Schalte Benachrichtigungen aus und wieder ein oder nimm einen anderen Browser.',
  pushServiceNotAllowed:
    'Benachrichtigungen funktionieren nur über den Push-Dienst eines Browsers wie Chrome, Firefox, Edge oder Safari. Nimm einen davon.',
  pushRequestNotWaiting:
    'Dieser Wunsch wartet nicht mehr, es gibt also nichts mehr, worüber wir dich benachrichtigen könnten.',

  limitSongs_one: '{count} Song',
  limitSongs_other: '{count} Songs',
  limitTips_one: '{count} Trinkgeld',
  limitTips_other: '{count} Trinkgelder',
  windowMinutes_one: 'der letzten Minute',
  windowMinutes_other: 'den letzten {count} Minuten',
  windowHours_one: 'der letzten Stunde',
  windowHours_other: 'den letzten {count} Stunden',
  waitMinutes_one: '{count} Minute',
  waitMinutes_other: '{count} Minuten',
  waitHours_one: '{count} Stunde',
  waitHours_other: '{count} Stunden',
} as const satisfies AudienceMessagesCatalog;

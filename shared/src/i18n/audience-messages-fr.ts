import type { AudienceMessagesCatalog } from './audience-messages.ts';

/**
 * French ("vous"): audience-messages.ts's sentences. A no-break space (\u00a0) comes before
 * « : », « ! » and « ? », as French typography wants, so they never start a line.
 */
export const audienceMessagesFr = {
  pageLoadFailed: 'Impossible de charger cette page. Vérifiez votre connexion et réessayez.',
  musicianNotFound: 'Artiste introuvable',
  musicianNotFoundDescription: 'Le profil d’artiste demandé n’existe pas.',
  showRecapNotFound:
    'Il n’y a pas de setlist à voir ici. Une setlist apparaît après le concert, quand l’artiste la partage.',
  pagePaused: 'La page de demandes de cet artiste est en pause',
  requestsOffTitle: 'Les demandes de chansons sont désactivées pour le moment',
  requestsCloseIn: 'Les demandes ferment dans {wait}',
  requestsOpenAt: 'Les demandes ouvrent à {time}',
  noSongsYet: 'Aucune chanson n’a encore été ajoutée.',
  noSongsMatch: 'Aucune chanson ne correspond à votre recherche',
  requestSent: 'Demande envoyée\u00a0:',
  copiedToClipboard: 'Copié dans le presse-papiers\u00a0!',
  copyFailed: 'La copie automatique a échoué. Sélectionnez le texte et copiez-le.',
  zelleInstructions: 'Envoyez {amount} avec Zelle depuis l’application de votre banque à\u00a0:',
  requestNameEmailRequired: 'Veuillez saisir votre nom et votre adresse e-mail',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide',
  suggestionFieldsRequired: 'Veuillez remplir tous les champs obligatoires',
  tipAmountInvalid: 'Veuillez saisir un montant de pourboire valide',
  tipAmountTooHigh: 'Le pourboire ne peut pas dépasser 500\u00a0$\u00a0US',
  tipPlatformInvalid: 'Veuillez choisir une application de paiement.',
  textHasNulCharacter:
    'Ce texte contient un caractère invisible qui ne peut pas être enregistré. Veuillez le ressaisir.',
  requestsDisabled:
    'Les demandes de chansons sont désactivées pour le moment. Veuillez réessayer plus tard.',
  requestsOpenIn:
    'Les demandes de chansons sont désactivées pour le moment. Elles ouvrent dans {wait}.',
  requestsClosedAgo:
    'Les demandes de chansons sont désactivées pour le moment. Elles ont fermé il y a {wait}.',
  requestSongUnavailable: 'Cette chanson ne peut pas être demandée.',
  requestSongNotInSet:
    'Cette chanson n’est pas dans la setlist du moment. Choisissez l’une des chansons de cette page.',
  requestSongPlayed: 'Cette chanson a déjà été jouée à {time}. Veuillez en choisir une autre.',
  requestLimitReached:
    'Cet artiste a atteint sa limite de demandes. Il doit passer à Pro pour des demandes illimitées.',
  requestSubmitFailed: 'Erreur lors de l’envoi de la demande. Veuillez réessayer.',
  requestAlreadyAsked: 'Vous avez déjà demandé cette chanson. Elle attend encore d’être jouée.',
  suggestionsDisabled: 'Cet artiste n’accepte pas de suggestions de chansons pour le moment.',
  suggestionAlreadyListed: 'Cette chanson est déjà dans la liste. Demandez-la plutôt.',
  suggestionSubmitFailed: 'Erreur lors de l’envoi de la suggestion',
  suggestionThanks: 'Merci pour votre suggestion de chanson\u00a0! L’artiste la lira bientôt.',
  tipProviderNotSetUp: '{provider} n’est pas configuré pour cet artiste',
  tipNoPaymentMethods:
    'Cet artiste n’a pas encore configuré de moyen de paiement pour les pourboires',
  tipFailed: 'Erreur lors du traitement du pourboire. Veuillez réessayer.',
  tooManyRequests: 'Trop de tentatives. Patientez une minute, puis réessayez.',
  requestLimitPerRequester: 'Vous avez demandé {count} au cours {window}. Réessayez dans {wait}.',
  suggestionLimitPerRequester:
    'Vous avez suggéré {count} au cours {window}. Réessayez dans {wait}.',
  tipLimitPerRequester: 'Vous avez envoyé {count} au cours {window}. Réessayez dans {wait}.',
  musicianFlooded:
    'Beaucoup de personnes écrivent à cet artiste en ce moment. Veuillez réessayer dans {wait}.',
  idempotencyKeyInvalid: 'L’en-tête Idempotency-Key doit comporter de 1 à 200 caractères visibles.',
  idempotencyKeyReused:
    'Cette Idempotency-Key a déjà servi pour un autre envoi. Utilisez une nouvelle clé pour chaque nouvel envoi.',
  internalError: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  pushUpNextTitle: 'Votre chanson est la prochaine\u00a0: {song}',
  pushUpNextBody: '{song} de {artist} arrive tout de suite.',
  pushPlayedTitle: 'Jouée à {time}\u00a0: {song}',
  pushPlayedForTitle: 'Jouée à {time}, pour {dedication}',
  pushPlayedBody: '{song} de {artist}. Merci pour votre demande\u00a0!',
  pushRejectedTitle: 'Pas ce soir\u00a0: {song}',
  pushRejectedBody:
    'Le musicien ne peut pas la jouer ce soir. Choisissez une autre chanson sur la page.',
  pushRejectedAlternativesBody: 'Peut-être plutôt l’une de celles-ci\u00a0: {songs}',
  pushSubscriptionInvalid:
    'Les réglages de notification de ce navigateur n’ont pas pu être lus. Désactivez puis réactivez les notifications, ou essayez un autre navigateur.',
  pushServiceNotAllowed:
    'Les notifications ne passent que par le service push d’un navigateur comme Chrome, Firefox, Edge ou Safari. Essayez l’un d’eux.',
  pushRequestNotWaiting:
    'Cette demande n’est plus en attente\u00a0: il n’y a plus rien à vous signaler.',

  // "many" is CLDR's form for a million and more ("1 000 000 de chansons").
  limitSongs_one: '{count} chanson',
  limitSongs_many: '{count} de chansons',
  limitSongs_other: '{count} chansons',
  limitTips_one: '{count} pourboire',
  limitTips_many: '{count} de pourboires',
  limitTips_other: '{count} pourboires',
  windowMinutes_one: 'de la dernière minute',
  windowMinutes_many: 'des {count} dernières minutes',
  windowMinutes_other: 'des {count} dernières minutes',
  windowHours_one: 'de la dernière heure',
  windowHours_many: 'des {count} dernières heures',
  windowHours_other: 'des {count} dernières heures',
  waitMinutes_one: '{count} minute',
  waitMinutes_many: '{count} minutes',
  waitMinutes_other: '{count} minutes',
  waitHours_one: '{count} heure',
  waitHours_many: '{count} heures',
  waitHours_other: '{count} heures',
} as const satisfies AudienceMessagesCatalog;

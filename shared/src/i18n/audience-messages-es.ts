import type { AudienceMessagesCatalog } from './audience-messages.ts';

/** Spanish (neutral, tuteo): audience-messages.ts's sentences. */
export const audienceMessagesEs = {
  pageLoadFailed: 'No se pudo cargar esta página. Comprueba tu conexión e inténtalo de nuevo.',
  musicianNotFound: 'Artista no encontrado',
  musicianNotFoundDescription: 'El perfil de artista que buscas no existe.',
  showRecapNotFound:
    'Aquí no hay ningún repertorio. El repertorio aparece después del concierto, si el artista lo comparte.',
  pagePaused: 'La página de peticiones de este artista está en pausa',
  requestsOffTitle: 'Las peticiones de canciones están desactivadas por ahora',
  requestsCloseIn: 'Las peticiones cierran en {wait}',
  requestsOpenAt: 'Las peticiones abren a las {time}',
  noSongsYet: 'Todavía no se ha añadido ninguna canción.',
  noSongsMatch: 'Ninguna canción coincide con tu búsqueda',
  requestSent: 'Petición enviada:',
  copiedToClipboard: '¡Copiado al portapapeles!',
  copyFailed: 'No se pudo copiar automáticamente. Selecciona el texto y cópialo.',
  zelleInstructions: 'Envía {amount} con Zelle desde la app de tu banco a:',
  requestNameEmailRequired: 'Escribe tu nombre y tu correo electrónico',
  emailInvalid: 'Escribe un correo electrónico válido',
  suggestionFieldsRequired: 'Rellena todos los campos obligatorios',
  tipAmountInvalid: 'Escribe un importe de propina válido',
  tipAmountTooHigh: 'La propina no puede superar los 500 US$',
  tipPlatformInvalid: 'Elige una app de pago.',
  textHasNulCharacter:
    'Este texto contiene un carácter invisible que no se puede guardar. Vuelve a escribirlo.',
  requestsDisabled:
    'Las peticiones de canciones están desactivadas en este momento. Inténtalo de nuevo más tarde.',
  requestsOpenIn:
    'Las peticiones de canciones están desactivadas en este momento. Abren en {wait}.',
  requestsClosedAgo:
    'Las peticiones de canciones están desactivadas en este momento. Cerraron hace {wait}.',
  requestSongUnavailable: 'Esta canción no está disponible para peticiones.',
  requestSongNotInSet:
    'Esta canción no está en el repertorio actual. Elige una de las canciones de esta página.',
  requestSongPlayed: 'Esta canción ya sonó a las {time}. Elige otra canción.',
  requestLimitReached:
    'Este artista ha alcanzado su límite de peticiones. Necesita pasarse a Pro para tener peticiones ilimitadas.',
  requestSubmitFailed: 'Error al enviar la petición. Inténtalo de nuevo.',
  requestAlreadyAsked: 'Ya pediste esta canción. Todavía está esperando a sonar.',
  suggestionsDisabled: 'Este artista no acepta sugerencias de canciones en este momento.',
  suggestionAlreadyListed: 'Esta canción ya está en la lista. Pídela en lugar de sugerirla.',
  suggestionSubmitFailed: 'Error al enviar la sugerencia',
  suggestionThanks: '¡Gracias por sugerir una canción! El artista la revisará pronto.',
  tipProviderNotSetUp: '{provider} no está configurado para este artista',
  tipNoPaymentMethods: 'Este artista todavía no ha configurado métodos de pago para propinas',
  tipFailed: 'Error al procesar la propina. Inténtalo de nuevo.',
  tooManyRequests: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
  requestLimitPerRequester: 'Has pedido {count} en {window}. Vuelve a intentarlo en {wait}.',
  suggestionLimitPerRequester: 'Has sugerido {count} en {window}. Vuelve a intentarlo en {wait}.',
  tipLimitPerRequester: 'Has enviado {count} en {window}. Vuelve a intentarlo en {wait}.',
  musicianFlooded:
    'Ahora mismo hay muchísima gente escribiendo a este artista. Vuelve a intentarlo en {wait}.',
  idempotencyKeyInvalid:
    'La cabecera Idempotency-Key debe tener entre 1 y 200 caracteres visibles.',
  idempotencyKeyReused:
    'Esta Idempotency-Key ya se usó para otro envío. Usa una clave nueva para cada envío.',
  internalError: 'Algo salió mal por nuestra parte. Inténtalo de nuevo.',
  pushUpNextTitle: 'Tu canción es la siguiente: {song}',
  pushUpNextBody: '{song} de {artist} está a punto de sonar.',
  pushPlayedTitle: 'Sonó a las {time}: {song}',
  pushPlayedForTitle: 'Sonó a las {time}, para {dedication}',
  pushPlayedBody: '{song} de {artist}. ¡Gracias por tu petición!',
  pushRejectedTitle: 'Esta noche no: {song}',
  pushRejectedBody: 'El artista no puede tocarla esta noche. Elige otra canción en la página.',
  pushRejectedAlternativesBody: 'Quizá una de estas: {songs}',
  pushSubscriptionInvalid:
    'No se pudieron leer los ajustes de notificaciones de este navegador. Desactiva y vuelve a activar las notificaciones, o prueba con otro navegador.',
  pushServiceNotAllowed:
    'Las notificaciones solo funcionan con el servicio de un navegador como Chrome, Firefox, Edge o Safari. Prueba con uno de ellos.',
  pushRequestNotWaiting: 'Esta petición ya no está en espera, así que no queda nada que avisarte.',

  limitSongs_one: '{count} canción',
  limitSongs_many: '{count} de canciones',
  limitSongs_other: '{count} canciones',
  limitTips_one: '{count} propina',
  limitTips_many: '{count} de propinas',
  limitTips_other: '{count} propinas',
  windowMinutes_one: 'el último minuto',
  windowMinutes_many: 'los últimos {count} minutos',
  windowMinutes_other: 'los últimos {count} minutos',
  windowHours_one: 'la última hora',
  windowHours_many: 'las últimas {count} horas',
  windowHours_other: 'las últimas {count} horas',
  waitMinutes_one: '{count} minuto',
  waitMinutes_many: '{count} minutos',
  waitMinutes_other: '{count} minutos',
  waitHours_one: '{count} hora',
  waitHours_many: '{count} horas',
  waitHours_other: '{count} horas',
} as const satisfies AudienceMessagesCatalog;

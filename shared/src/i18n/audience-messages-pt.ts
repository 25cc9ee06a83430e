import type { AudienceMessagesCatalog } from './audience-messages.ts';

/** Portuguese (Brazilian-neutral, "você"): audience-messages.ts's sentences. */
export const audienceMessagesPt = {
  pageLoadFailed: 'Não foi possível carregar esta página. Verifique sua conexão e tente novamente.',
  musicianNotFound: 'Artista não encontrado',
  musicianNotFoundDescription: 'O perfil de artista solicitado não existe.',
  pagePaused: 'A página de pedidos deste artista está pausada',
  requestsOffTitle: 'Os pedidos de músicas estão desativados no momento',
  noSongsYet: 'Nenhuma música foi adicionada ainda.',
  noSongsMatch: 'Nenhuma música corresponde à sua busca',
  requestSent: 'Pedido enviado:',
  copiedToClipboard: 'Copiado para a área de transferência!',
  copyFailed: 'Não foi possível copiar automaticamente. Selecione o texto e copie.',
  zelleInstructions: 'Envie {amount} pelo Zelle no app do seu banco para:',
  requestNameEmailRequired: 'Informe seu nome e seu e-mail',
  emailInvalid: 'Informe um endereço de e-mail válido',
  suggestionFieldsRequired: 'Preencha todos os campos obrigatórios',
  tipAmountInvalid: 'Informe um valor de gorjeta válido',
  tipAmountTooHigh: 'A gorjeta não pode passar de US$ 500',
  tipPlatformInvalid: 'Escolha um app de pagamento.',
  textHasNulCharacter:
    'Este texto contém um caractere invisível que não pode ser salvo. Digite-o novamente.',
  requestsDisabled:
    'Os pedidos de músicas estão desativados no momento. Tente novamente mais tarde.',
  requestSongUnavailable: 'Esta música não está disponível para pedidos.',
  requestSongNotInSet:
    'Esta música não está no repertório atual. Escolha uma das músicas desta página.',
  requestLimitReached:
    'Este artista atingiu o limite de pedidos. É preciso passar para o Pro para ter pedidos ilimitados.',
  requestSubmitFailed: 'Erro ao enviar o pedido. Tente novamente.',
  suggestionsDisabled: 'Este artista não está aceitando sugestões de músicas no momento.',
  suggestionAlreadyListed: 'Esta música já está na lista. Peça-a em vez de sugeri-la.',
  suggestionSubmitFailed: 'Erro ao enviar a sugestão',
  suggestionThanks: 'Obrigado pela sugestão de música! O artista vai analisá-la em breve.',
  tipProviderNotSetUp: '{provider} não está configurado para este artista',
  tipNoPaymentMethods: 'Este artista ainda não configurou formas de pagamento para gorjetas',
  tipFailed: 'Erro ao processar a gorjeta. Tente novamente.',
  tooManyRequests: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  requestLimitPerRequester: 'Você pediu {count} {window}. Tente novamente em {wait}.',
  suggestionLimitPerRequester: 'Você sugeriu {count} {window}. Tente novamente em {wait}.',
  tipLimitPerRequester: 'Você enviou {count} {window}. Tente novamente em {wait}.',
  musicianFlooded:
    'Muita gente está escrevendo para este artista agora. Tente novamente em {wait}.',
  idempotencyKeyInvalid: 'O cabeçalho Idempotency-Key deve ter de 1 a 200 caracteres visíveis.',
  idempotencyKeyReused:
    'Esta Idempotency-Key já foi usada em outro envio. Use uma chave nova para cada novo envio.',
  internalError: 'Algo deu errado do nosso lado. Tente novamente.',

  // "many" is CLDR's form for a million and more ("1.000.000 de músicas").
  limitSongs_one: '{count} música',
  limitSongs_many: '{count} de músicas',
  limitSongs_other: '{count} músicas',
  limitTips_one: '{count} gorjeta',
  limitTips_many: '{count} de gorjetas',
  limitTips_other: '{count} gorjetas',
  windowMinutes_one: 'no último minuto',
  windowMinutes_many: 'nos últimos {count} minutos',
  windowMinutes_other: 'nos últimos {count} minutos',
  windowHours_one: 'na última hora',
  windowHours_many: 'nas últimas {count} horas',
  windowHours_other: 'nas últimas {count} horas',
  waitMinutes_one: '{count} minuto',
  waitMinutes_many: '{count} minutos',
  waitMinutes_other: '{count} minutos',
  waitHours_one: '{count} hora',
  waitHours_many: '{count} horas',
  waitHours_other: '{count} horas',
} as const satisfies AudienceMessagesCatalog;

import type { AudienceMessagesCatalog } from './audience-messages.ts';
import { audienceSentencesEn } from './audience-sentences-en.ts';

/** English for the audience: its sentences, and the limit phrases they are filled with. */
export const audienceMessagesEn = {
  ...audienceSentencesEn,

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

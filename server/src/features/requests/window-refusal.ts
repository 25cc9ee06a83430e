import { fill } from '#shared/fill-message.ts';
import { waitPhraseOf } from '#shared/i18n/audience-messages.ts';
import { messages } from '#shared/messages.ts';
import { forbidden, type HttpError } from '#server/http/errors.ts';
import { localizable } from '#server/http/localized-detail.ts';
import { insideWindow, type RequestWindow } from '#server/musicians/request-window.ts';
import { waitPhrase } from '#server/submissions/submission-limit.ts';

/**
 * A request outside the musician's request window: the spec's requests-off sentence, with when
 * they open ("They open in 25 minutes.") or how long since they closed, in the reader's language.
 * Undefined inside the window.
 */
export function outsideWindowError(
  window: Omit<RequestWindow, 'requestsEnabled'>,
  now: Date,
): HttpError | undefined {
  if (insideWindow({ ...window, requestsEnabled: true }, now)) return undefined;
  const opensAt = window.requestsOpenAt;
  const early = opensAt !== null && now < opensAt;
  const seconds = early
    ? (opensAt.getTime() - now.getTime()) / 1000
    : (now.getTime() - window.requestsCloseAt!.getTime()) / 1000;
  const key = early ? 'requestsOpenIn' : 'requestsClosedAgo';
  return localizable(forbidden(fill(messages[key], { wait: waitPhrase(seconds) })), {
    key,
    values: { wait: waitPhraseOf(seconds) },
  });
}

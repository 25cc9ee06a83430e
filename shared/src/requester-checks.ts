import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './limits.ts';
import type { messages } from './messages.ts';
import { hasNul } from './nul-character.ts';

/**
 * What POST /requests's schema (schemas/request.ts: requester_name, requester_email) refuses in a
 * requester's name and email, without zod, so the audience page can say it by each field before
 * sending, in the server's words (a test holds the two to the same answers). Values are judged
 * trimmed, as the schema trims them.
 */
export type RequesterProblem = keyof Pick<
  typeof messages,
  'requestNameEmailRequired' | 'emailInvalid' | 'textHasNulCharacter'
>;

export interface RequesterProblems {
  name?: RequesterProblem;
  email?: RequesterProblem;
}

/** zod's `z.email()` pattern (its `regexes.email`), which the server checks an email with. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The problem of each field, if any. Lengths past the limits are not judged here: the fields
 * take at most NAME_MAX_LENGTH and EMAIL_MAX_LENGTH characters, and the server says it if not.
 */
export function requesterProblems(name: string, email: string): RequesterProblems {
  const problems: RequesterProblems = {};
  const cleanName = name.trim();
  const cleanEmail = email.trim();
  if (!cleanName) problems.name = 'requestNameEmailRequired';
  else if (hasNul(cleanName) && cleanName.length <= NAME_MAX_LENGTH) {
    problems.name = 'textHasNulCharacter';
  }
  if (!cleanEmail) problems.email = 'requestNameEmailRequired';
  else if (cleanEmail.length <= EMAIL_MAX_LENGTH && !EMAIL_PATTERN.test(cleanEmail)) {
    problems.email = 'emailInvalid';
  }
  return problems;
}

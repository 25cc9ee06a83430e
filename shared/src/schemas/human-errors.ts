import { z } from 'zod';

/** "requester_email" -> "Requester email" */
function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const last = [...(path ?? [])].reverse().find((part) => typeof part === 'string');
  if (typeof last !== 'string') return 'This value';
  const words = last.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Zod's default messages ("Invalid input: expected string, received undefined") are for
 * developers. The API shows its 400 `detail` to people, so every issue without a message
 * of its own is phrased as a sentence naming the field. Installed once, on both sides.
 */
const humanErrorMap: z.core.$ZodErrorMap = (issue) => {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      if (issue.expected === 'int') return `${label} must be a whole number.`;
      return `${label} must be ${EXPECTED[issue.expected] ?? `of type ${issue.expected}`}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1
          ? `${label} cannot be empty.`
          : `${label} must be at least ${issue.minimum} characters long.`;
      }
      if (issue.origin === 'array') return `${label} needs at least ${issue.minimum} item(s).`;
      return `${label} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string')
        return `${label} must be at most ${issue.maximum} characters long.`;
      if (issue.origin === 'array') return `${label} can have at most ${issue.maximum} items.`;
      return `${label} must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address';
      if (issue.format === 'url') return `${label} must be a full web address (https://...).`;
      if (issue.format === 'uuid') return `${label} is not a valid id.`;
      return `${label} has an invalid format.`;
    case 'invalid_value':
      return `${label} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown field(s): ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
};

z.config({ customError: humanErrorMap });

/**
 * A length limit's own sentence ("Requester name must be at most 100 characters long."). For
 * strings whose schema-level error ("Please enter your name") would otherwise also answer an
 * over-long value, wrongly telling the person the field is empty.
 */
export function tooLong(maximum: number) {
  return {
    error: (issue: { path?: readonly PropertyKey[] }) =>
      `${fieldLabel(issue.path)} must be at most ${maximum} characters long.`,
  };
}

/** The first issue's message: what the API puts in `detail` and forms show. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not valid.';
}

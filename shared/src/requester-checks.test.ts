import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages.ts';
import { EMAIL_PATTERN, requesterProblems } from './requester-checks.ts';
import { CreateRequestBody } from './schemas/request.ts';

const SONG_ID = '00000000-0000-4000-8000-000000000000';

/** The server's sentence for each field, as POST /requests would answer it (first issue). */
function serverSays(name: string, email: string) {
  const result = CreateRequestBody.safeParse({
    song_id: SONG_ID,
    requester_name: name,
    requester_email: email,
  });
  const issues = result.success ? [] : result.error.issues;
  const of = (field: string) => issues.find((issue) => issue.path[0] === field)?.message;
  return { name: of('requester_name'), email: of('requester_email') };
}

const NAMES = ['Ana', '  Ana  ', '', '   ', 'A\u0000na', '🎸 Zoë', '\u0000'];
const EMAILS = [
  'ana@example.com',
  ' ana@example.com ',
  '',
  'ana',
  'ana@example',
  'a@b.c',
  'ana @example.com',
  'ana@exa mple.com',
  'an\u0000a@example.com',
  'jörg@example.de',
  "o'brien+gig@mail.example.co.uk",
  '.ana@example.com',
  'ana..b@example.com',
  '@example.com',
];

describe('requesterProblems', () => {
  it('refuses what the server refuses, with the same sentence, for every pair', () => {
    for (const name of NAMES) {
      for (const email of EMAILS) {
        const mine = requesterProblems(name, email);
        const server = serverSays(name, email);
        expect([name, email, mine.name && messages[mine.name]]).toEqual([name, email, server.name]);
        expect([name, email, mine.email && messages[mine.email]]).toEqual([
          name,
          email,
          server.email,
        ]);
      }
    }
  });

  it('takes the emails zod takes', () => {
    const more = ['a-b@c-d.example', 'a_b@x.io', "a'b@x.io", 'a+b@x.io', 'a.@x.io', 'a@-x.io'];
    for (const email of [...EMAILS, ...more]) {
      expect([email, EMAIL_PATTERN.test(email)]).toEqual([email, z.regexes.email.test(email)]);
    }
  });
});

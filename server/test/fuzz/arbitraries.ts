import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries for hostile HTTP input, driven by the routes' own zod schemas: a value
 * close to what the schema accepts, then one mutation that a client, a proxy or an attacker might
 * make to it.
 */

/** Internals of a zod 4 schema this file reads; everything else falls back to fc.anything(). */
interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, z.ZodType>;
      innerType?: z.ZodType;
      in?: z.ZodType;
      out?: z.ZodType;
      element?: z.ZodType;
      options?: z.ZodType[];
      entries?: Record<string, string | number>;
      values?: unknown[];
      valueType?: z.ZodType;
      items?: z.ZodType[];
      left?: z.ZodType;
    };
  };
  format?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
}

const internals = (schema: z.ZodType) => schema as unknown as ZodInternals;

/**
 * Raw JSON text a JSON.stringify cannot produce (1e309 is Infinity, -0 and huge integers lose
 * their spelling): a string holding this marker is swapped for the raw text after stringifying.
 */
const RAW = '\u{E000}raw:';
export const rawJson = (text: string) => `${RAW}${text}`;

/** JSON text of a value, with the raw markers swapped for their raw text. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\u{E000}raw:([^"]*)"/gu, '$1');
}

const ten000 = 'x'.repeat(10_000);

/** Texts that broke servers before: NUL, lone surrogates, emoji, RTL marks, SQL, paths, markup. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF\uD800',
    '🎸🔥👩🏽‍🎤',
    '\u202Egnos',
    'Ǹ̶̢̛o̴̡̤',
    "' OR 1=1 --",
    '"; DROP TABLE songs; --',
    '../../../../etc/passwd',
    '..%2F..%2Fetc',
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '%00',
    '%',
    '\r\nX-Injected: 1',
    'null',
    'true',
    '0',
    '-1',
    'NaN',
    '1e309',
    '__proto__',
    'constructor',
    ten000,
    '🎸'.repeat(3000),
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 300, maxLength: 3000 }),
);

/** Numbers at the edges: negative, fractional, unsafe integers, and the JSON spellings of Infinity. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0.5,
    0.1,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.constantFrom(rawJson('1e309'), rawJson('-1e309'), rawJson('-0'), rawJson('1e-400')),
  fc.constantFrom(rawJson('123456789012345678901234567890')),
  fc.double(),
  fc.integer(),
);

/** Objects that try prototype pollution, built from JSON so the keys are own properties. */
export const pollutingObject = fc
  .constantFrom('__proto__', 'constructor', 'prototype')
  .chain((key) =>
    fc.constantFrom(
      JSON.parse(`{"${key}": {"isAdmin": true, "polluted": 1}}`) as unknown,
      JSON.parse(`{"${key}": {"prototype": {"polluted": 1}}}`) as unknown,
      JSON.parse(`{"${key}": null}`) as unknown,
    ),
  );

/** An array or object nested `depth` levels deep. */
export function nested(depth: number, open = '[', close = ']'): string {
  return `${open.repeat(depth)}${close.repeat(depth)}`;
}

/** Any hostile JSON value: wrong types, huge, nested, polluting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], [[[[[[]]]]]]),
  pollutingObject,
  fc.constantFrom(rawJson(nested(500)), rawJson(nested(50, '{"a":', '}').replace(/:}/, ':1}'))),
  fc.array(hostileText, { maxLength: 5 }),
  fc.anything({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A value the schema would probably accept; the mutations below then spoil it. */
export function validish(schema: z.ZodType | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.anything({ maxDepth: 2 });
  const s = internals(schema);
  const def = s._zod.def;
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape).map(
        ([key, value]) => [key, validish(value, depth + 1)] as const,
      );
      return fc.record(Object.fromEntries(entries), {
        requiredKeys: Object.entries(shape)
          .filter(([, value]) => !isOptional(value))
          .map(([key]) => key),
      });
    }
    case 'string':
      return validishString(s);
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
      );
    case 'bigint':
      return fc.integer({ min: 0, max: 100 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(validish(def.element, depth + 1), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => validish(item, depth + 1)));
    case 'record':
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 8 }),
        validish(def.valueType, depth + 1),
        { maxKeys: 3 },
      );
    case 'optional':
      return fc.option(validish(def.innerType, depth + 1), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validish(def.innerType, depth + 1), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(validish(def.innerType, depth + 1), { nil: undefined, freq: 4 });
    case 'pipe': {
      // z.preprocess is a transform into the schema; .transform() is a schema into a transform;
      // .pipe(z.email()) narrows a string: the side that says what is accepted is generated.
      const out = def.out ? internals(def.out)._zod.def.type : 'transform';
      return validish(out === 'transform' ? def.in : def.out, depth + 1);
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => validish(option, depth + 1)));
    case 'intersection':
      return validish(def.left, depth + 1);
    case 'lazy':
      return fc.constant({});
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function isOptional(schema: z.ZodType): boolean {
  const type = internals(schema)._zod.def.type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

function validishString(s: ZodInternals): fc.Arbitrary<unknown> {
  switch (s.format) {
    case 'uuid':
    case 'guid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    default: {
      const min = s.minLength ?? 0;
      const max = Math.max(min, Math.min(s.maxLength ?? 30, 30));
      return fc.oneof(
        fc.string({ minLength: min, maxLength: max }),
        fc
          .stringMatching(/^[a-z][a-z0-9-]{2,12}$/)
          .filter((v) => v.length >= min && v.length <= max),
      );
    }
  }
}

/** One change to a value: a field spoiled, dropped or added, or the whole value swapped. */
export function mutated(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: value },
    {
      weight: 4,
      arbitrary: fc.tuple(value, hostileValue, fc.nat()).map(([base, hostile, pick]) => {
        if (!isPlainObject(base)) return hostile;
        const keys = Object.keys(base);
        if (keys.length === 0) return { [String(pick)]: hostile };
        return { ...base, [keys[pick % keys.length]!]: hostile };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(value, fc.nat()).map(([base, pick]) => {
        if (!isPlainObject(base)) return base;
        const keys = Object.keys(base);
        const copy = { ...base };
        delete copy[keys[pick % Math.max(keys.length, 1)] ?? ''];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, pollutingObject)
        .map(([base, polluting]) =>
          isPlainObject(base) ? mergeOwn(base, polluting as Record<string, unknown>) : polluting,
        ),
    },
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: value.map((base) => [base]) },
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies own keys, __proto__ included, as own properties (spread would set the prototype). */
function mergeOwn(base: Record<string, unknown>, extra: Record<string, unknown>) {
  const copy: Record<string, unknown> = { ...base };
  for (const key of Object.keys(extra)) {
    Object.defineProperty(copy, key, { value: extra[key], enumerable: true, writable: true });
  }
  return copy;
}

/** Every UTF-8 byte percent-encoded (encodeURIComponent throws on a lone surrogate). */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/** Path segments: hostile text percent-encoded, or raw sequences a router must survive. */
export const pathSegment = fc.oneof(
  fc.uuid({ version: 4 }),
  hostileText.filter((text) => text.length > 0).map(percentEncoded),
  fc.constantFrom(
    '%00',
    'a%00b',
    '..',
    '%2e%2e',
    '%2e%2e%2f%2e%2e',
    '%',
    '%zz',
    '%C0%AF',
    '%E0%80%80',
    '%ED%A0%80',
    'x'.repeat(5000),
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
    '1',
    '-1',
    '1e309',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    '%F0%9F%8E%B8',
  ),
);

/** A query string: the schema's fields spoiled, repeated or raw. */
export function queryString(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const fromSchema = mutated(validish(schema)).map((value) => {
    if (!isPlainObject(value)) return `q=${encodeURIComponent(String(toJsonText(value)))}`;
    const params = new URLSearchParams();
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue;
      if (Array.isArray(field)) for (const item of field) params.append(key, textOf(item));
      else params.append(key, textOf(field));
    }
    return params.toString();
  });
  return fc.oneof(
    { weight: 6, arbitrary: fromSchema },
    { weight: 1, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'a=%00',
        '%zz=1',
        'limit=1e309&page=-1',
        '__proto__[x]=1&constructor[prototype][y]=1',
        'a[b][c][d][e][f]=1',
        `a=${'x'.repeat(20_000)}`,
        'a=1&a=2&a=3',
        '&&&==&',
        'q=%F0%9F%8E%B8&limit=NaN',
        'page=99999999999999999999',
      ),
    },
  );
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.startsWith(RAW) ? value.slice(RAW.length) : value;
  if (typeof value === 'object') return toJsonText(value);
  return String(value);
}

export interface FuzzBody {
  payload: string | Buffer | undefined;
  contentType: string | undefined;
  /** What the body was, for the failure message. */
  describe: string;
}

/** A multipart body with one file part: a name and content to spoil the upload routes. */
export const multipartBody: fc.Arbitrary<FuzzBody> = fc
  .record({
    filename: fc.oneof(
      fc.constantFrom(
        'songs.csv',
        'songs.lst',
        'x.exe',
        '../../x.csv',
        '',
        'a\u0000.csv',
        '🎸.csv',
      ),
      fc.string({ maxLength: 40 }),
    ),
    content: fc.oneof(
      fc.constantFrom(
        'title,artist\nWonderwall,Oasis\n',
        'title,artist\n"unclosed,Oasis\n',
        '\uFEFFtitle;artist\r\nA;B',
        'Wonderwall - Oasis\nJolene - Dolly Parton',
        `title,artist\n${'x,'.repeat(5000)}`,
        '\u0000\u0001\u0002',
        '',
      ),
      fc.string({ unit: 'binary', maxLength: 400 }),
    ),
    boundaryOk: fc.boolean(),
  })
  .map(({ filename, content, boundaryOk }) => {
    const boundary = 'fuzzboundary';
    const text =
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    return {
      payload: text,
      contentType: boundaryOk ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
      describe: `multipart file ${JSON.stringify(filename)} ${JSON.stringify(content.slice(0, 200))}`,
    };
  });

/** A request body: the schema's value spoiled, broken JSON, a wrong type, or a file. */
export function requestBody(schema: z.ZodType | undefined): fc.Arbitrary<FuzzBody> {
  const json = (contentType: string) =>
    mutated(validish(schema)).map((value) => {
      const text = toJsonText(value);
      return { payload: text, contentType, describe: text.slice(0, 500) };
    });
  return fc.oneof(
    { weight: 10, arbitrary: json('application/json') },
    { weight: 1, arbitrary: json('application/json; charset=utf-8') },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"a":1,}',
          "{'a':1}",
          'null',
          '"just a string"',
          '[]',
          '\uFEFF{}',
          '{"a":"\\ud800"}',
          '{"a":1}{"b":2}',
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
          nested(5000),
          nested(2000, '{"a":', '}'),
        )
        .map((text) => ({
          payload: text,
          contentType: 'application/json',
          describe: text.slice(0, 200),
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          contentType: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=utf-16',
            'application/octet-stream',
            'garbage/x',
            ';;;',
          ),
          text: fc.oneof(hostileText, fc.constant('a=1&b=2')),
        })
        .map(({ contentType, text }) => ({
          payload: text,
          contentType,
          describe: `${contentType}: ${text.slice(0, 200)}`,
        })),
    },
    { weight: 1, arbitrary: multipartBody },
    {
      weight: 1,
      arbitrary: fc.constant({ payload: undefined, contentType: undefined, describe: '(none)' }),
    },
  );
}

/** Printable ASCII only: a header value with other bytes never leaves a real HTTP client. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

/** Extra headers a client or proxy might send. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'idempotency-key': fc.oneof(headerText, fc.uuid(), fc.constant('x'.repeat(5000))),
    'x-forwarded-for': fc.oneof(headerText, fc.constant('1.2.3.4, 5.6.7.8')),
    accept: fc.constantFrom('*/*', 'text/html', 'application/json', 'text/csv', 'image/png', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', '*', 'x-unknown'),
    'accept-language': headerText,
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000'),
    // Any text, or the sign-in flow's cookie (features/oidc) holding any text.
    cookie: fc.oneof(
      headerText,
      headerText.map((text) => `oidc_flow=${text}`),
    ),
  },
  { requiredKeys: [] },
);

/** Authorization headers of no use: the anonymous caller's attempts. */
export const garbageAuthorization = fc.oneof(
  fc.constantFrom('Bearer', 'Bearer ', 'Bearer null', 'Basic YTpi', 'bearer x', 'Bearer a.b.c'),
  headerText.map((text) => `Bearer ${text}`),
);

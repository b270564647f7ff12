import fc from 'fast-check';

/**
 * Generated hostile input for the OpenAPI walk: values shaped by an operation's JSON Schema
 * (so a request gets past the first check and reaches services and queries), with any part
 * swapped for text, numbers, types, nesting or keys that have broken servers before.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A query or path value sent exactly as written, for percent-encodings no string can produce. */
export class RawFragment {
  constructor(readonly text: string) {}
}

const bigText = {
  letters: 'a'.repeat(5_000),
  nuls: '\u0000'.repeat(3_000),
  emoji: '😀'.repeat(3_000),
  lone: '\ud800'.repeat(3_000),
  // Over the 1 MB JSON body limit on its own.
  huge: 'x'.repeat(1_100_000),
};

const nastyStrings = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ude00y',
  '\u001b[31mred\u001b[0m',
  '\u0007\u0008',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028\u2029',
  '\u202e',
  '\ufeff',
  '\ufffe\uffff',
  '%00',
  '%E0%A4%A',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; drop table users; --',
  '\\',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '9'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF',
  'null',
  'true',
  '[]',
  '{}',
  ',',
  '90,180',
  '-90.0000001,-180',
  '1e999,1e999',
  'NaN,NaN',
  'a@b',
  'a\u0000@example.test',
  'x@example.test\r\nBcc: y@example.test',
  ...Object.values(bigText),
];

/** Any UTF-16 code unit, lone surrogates and controls included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 4 },
  { arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud800', '\u001b', '\u0085'))
      .map(([text, bad]) => `${text}${bad}${text}`),
    weight: 2,
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -(2 ** 31) - 1,
    2 ** 63,
    Number.MIN_VALUE,
    90.0000001,
    -180.0000001,
    20_001,
  ),
  fc.integer(),
  // NaN and ±Infinity become null in JSON, which is a wrong type of its own.
  fc.double(),
);

const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '',
  '\u0000',
  '\ud800',
  'a.b',
  '$where',
];

/** Own properties only, so `__proto__` is sent as a key and never becomes a prototype. */
function withKeys(target: Record<string, unknown>, entries: [string, unknown][]) {
  for (const [key, value] of entries) {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return target;
}

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const deepValue = fc
  .tuple(
    fc.integer({ min: 20, max: 2_000 }),
    fc.constantFrom<'array' | 'object'>('array', 'object'),
  )
  .map(([depth, kind]) => nested(depth, kind));

const keysObject = fc
  .array(fc.tuple(fc.constantFrom(...hostileKeys), fc.jsonValue({ maxDepth: 2 })), {
    minLength: 1,
    maxLength: 4,
  })
  .map((entries) => withKeys({}, entries));

/** A value of any JSON type but the expected one, or of a shape nobody expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: deepValue, weight: 1 },
  { arbitrary: keysObject, weight: 1 },
  { arbitrary: fc.constant(Array.from({ length: 6_000 }, () => 'x')), weight: 1 },
);

/** The value one time in `odds`, null otherwise. */
export function rarely<T>(arbitrary: fc.Arbitrary<T>, odds = 8): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: odds - 1 }, { arbitrary, weight: 1 });
}

export interface Generator {
  /** Resolves `#/components/schemas/…` against the document. */
  resolve(schema: JsonSchema): JsonSchema;
  /** Values of this schema, each part at times replaced by a hostile one. */
  value(schema: JsonSchema): fc.Arbitrary<unknown>;
}

export interface GeneratorOptions {
  /**
   * Real ids of the database (users, chats, messages, uploads), offered where a uuid is
   * expected, so a request reaches past "not found" into the code that works on real rows.
   */
  ids: string[];
  /** Plausible values by property name (an email that exists, a password that works...). */
  hints?: Record<string, fc.Arbitrary<unknown>>;
}

/** Text a schema accepts but that is unusual: other scripts, invisible marks, markup, quotes. */
const oddButValid = [
  'Ana 😀 Lda',
  'עברית‎ العربية',
  '‮evil',
  'a b',
  '<b>bold</b>',
  "O'Brien; --",
  'Zoë Ça',
  '日本語のテキスト',
  '%s%s%n',
];

export function createGenerator(
  components: Record<string, JsonSchema>,
  { ids, hints = {} }: GeneratorOptions,
): Generator {
  function resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    while (current.$ref) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = components[name];
      if (!target) throw new Error(`unknown schema ${current.$ref}`);
      current = target;
    }
    return current;
  }

  function plainString(schema: JsonSchema): fc.Arbitrary<string> {
    if (schema.format === 'uuid') {
      const known = fc.constantFrom(...ids);
      return fc.oneof({ arbitrary: known, weight: 3 }, { arbitrary: fc.uuid(), weight: 1 });
    }
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'date-time')
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (schema.pattern) {
      try {
        return fc.stringMatching(new RegExp(schema.pattern));
      } catch {
        // A pattern this generator cannot read: plain text then.
      }
    }
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
    const longest = schema.maxLength ?? 2_000;
    const odd = oddButValid.filter((text) => {
      const length = [...text].length;
      return length >= minLength && length <= longest;
    });
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      odd.length > 0 ? fc.constantFrom(...odd) : fc.string({ minLength, maxLength }),
      // As long as allowed, in letters that take two or four bytes.
      fc.constantFrom('é', '😀', 'a').map((letter) => letter.repeat(longest)),
    );
  }

  function plainNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
    const min = schema.minimum ?? -1e9;
    const max = schema.maximum ?? 1e9;
    return integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }

  function plain(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((item) => value(item, depth)));
    if (schema.allOf?.length) return value(schema.allOf[0]!, depth);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        return plainString(schema);
      case 'integer':
        return plainNumber(schema, true);
      case 'number':
        return plainNumber(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const item = schema.items ? value(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 2 });
        const minLength = schema.minItems ?? 0;
        const maxItems = schema.maxItems ?? 20;
        return fc.oneof(
          { arbitrary: fc.array(item, { minLength, maxLength: Math.min(maxItems, 8) }), weight: 4 },
          // At the limit and just past it: one item repeated, as a batch of a thousand would be.
          {
            arbitrary: fc
              .tuple(item, fc.constantFrom(maxItems, maxItems + 1, Math.min(maxItems, 1_000)))
              .map(([one, count]) => {
                // Past the 1 MB body limit anyway beyond this; and a string must stay buildable.
                const size = (JSON.stringify(one) ?? '').length + 1;
                const length = Math.min(count, Math.max(1, Math.floor(2_000_000 / size)));
                return Array.from({ length }, () => one);
              }),
            weight: 1,
          },
        );
      }
      case 'object':
      case undefined: {
        if (!schema.properties) return fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }));
        const required = new Set(schema.required ?? []);
        const record = fc.record(
          Object.fromEntries(
            Object.entries(schema.properties).map(([key, property]) => {
              const hint = hints[key];
              const field = value(property, depth + 1);
              return [key, hint ? fc.oneof({ arbitrary: hint, weight: 2 }, field) : field];
            }),
          ),
          { requiredKeys: [...required] },
        );
        return fc
          .tuple(
            record,
            // Now and then a required field is left out, or keys nobody expects are added.
            rarely(fc.constantFrom(...(required.size > 0 ? required : ['']))),
            rarely(
              fc.array(fc.tuple(fc.constantFrom(...hostileKeys), hostileValue), {
                minLength: 1,
                maxLength: 2,
              }),
            ),
          )
          .map(([fields, dropped, extra]) => {
            const body: Record<string, unknown> = { ...fields };
            if (dropped !== null) delete body[dropped];
            return extra ? withKeys(body, extra) : body;
          });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  function value(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const resolved = resolve(schema);
    if (depth > 6) return hostileValue;
    const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
    const hostile = type === 'string' ? hostileString : hostileValue;
    // Mostly plain, so a body with several fields often passes validation whole and reaches
    // the service; the hostile bodies as a whole are the walk's other half.
    return fc.oneof(
      { arbitrary: plain(resolved, depth), weight: 10 },
      { arbitrary: hostile, weight: 1 },
    );
  }

  return { resolve, value: (schema) => value(schema) };
}

/** Any surrogate code unit, and one that is not half of a pair (matched by code unit: no `u` flag). */
const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Percent-encodes any JavaScript string, a lone surrogate included (as the three bytes WTF-8
 * gives it, which are not UTF-8), where encodeURIComponent would throw.
 */
export function percentEncode(text: string): string {
  if (!SURROGATE.test(text)) return encodeURIComponent(text);
  let out = '';
  let from = 0;
  for (const { index } of text.matchAll(LONE_SURROGATE)) {
    const unit = text.charCodeAt(index);
    const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    out += encodeURIComponent(text.slice(from, index));
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    from = index + 1;
  }
  return out + encodeURIComponent(text.slice(from));
}

/** Percent-encodings that are not text at all: broken, overlong, or naming a path. */
export const rawFragments = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%80',
  '%FF%FE',
  '%ED%A0%80',
  '%00',
  '%2e%2e',
  '..',
  'a%2Fb',
  '%2F',
  '%20',
  '+',
  `${'%41'.repeat(150)}`,
].map((text) => new RawFragment(text));

/** A query or path value as text: strings and numbers as they are, anything else as JSON. */
export function asParameter(value: unknown): string {
  if (value instanceof RawFragment) return value.text;
  if (typeof value === 'string') return percentEncode(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return percentEncode(JSON.stringify(value) ?? '');
}

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { messageResponseSchema, uploadResponseSchema } from '@maya/contracts';
import { buildTestApp } from '../test/build-test-app.js';
import {
  asParameter,
  createGenerator,
  hostileString,
  hostileValue,
  rarely,
  rawFragments,
  type JsonSchema,
} from '../test/hostile.js';
import { newChat, send } from '../test/chats.js';
import { mailsOf } from '../test/mail-log.js';
import { insertOperator } from '../test/moderation.js';
import { png, pngParts, postImages } from '../test/images.js';
import { multipart } from '../test/multipart.js';
import { addService } from '../test/services.js';
import { nextAddress, signUp, type SignedUp } from '../test/sessions.js';

/**
 * Every operation of the OpenAPI document, v1 and legacy, gets generated hostile requests, as a
 * visitor and signed in (the console's as an operator), and none may be answered with a 5xx. A fixed seed makes each run send
 * the same requests, so a failure found here is found again.
 */

const SEED = 13_2025;
/** Generated requests per operation and identity. */
const RUNS = 100;

const webhookSecret = `whsec_${randomUUID().replaceAll('-', '')}`;
// Wrong passwords are slowed down (up to 4 s each) to stop guessing; the walk sends hundreds, and
// the slow-down has tests of its own, so here it is skipped rather than waited out.
const { app, config } = await buildTestApp(
  { STRIPE_WEBHOOK_SECRET: webhookSecret },
  { overrides: { signInWait: () => Promise.resolve() } },
);
const publicOrigin = new URL(config.PUBLIC_URL).origin;

interface Operation {
  method: string;
  path: string;
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const document = app.swagger() as unknown as {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, JsonSchema> };
};

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    ...operation,
    method: method.toUpperCase(),
    path,
  })),
);

// ---------------------------------------------------------------------------------------------
// The signed-in side: two real accounts with a chat, a message, an image and a folder, whose ids
// the generator offers wherever a uuid is expected.

interface Member {
  user: SignedUp;
  token: string;
}

const password = 'a long enough passphrase';
const buyer: Member = { user: await signUp(app, { role: 'buyer', category: null }), token: '' };
const seller: Member = { user: await signUp(app, { role: 'seller' }), token: '' };
buyer.token = buyer.user.token;
seller.token = seller.user.token;
/** The console's routes are walked signed in as an operator (an admin, its code fresh). */
let operator = await insertOperator(app.db, { role: 'admin' });

const chatId = await newChat(app, buyer.user, seller.user);
const sent = await send(app, buyer.user, chatId, 'Hello', 'walk-first-message');
expect(sent.statusCode).toBe(201);
const uploaded = await postImages(app, await pngParts(1), seller.user.headers);
expect(uploaded.statusCode).toBe(201);
const folder = await app.inject({
  method: 'PUT',
  url: '/mainfolder/walk',
  headers: buyer.user.headers,
  payload: { chats: [chatId] },
});
expect(folder.statusCode).toBe(200);
// A service of the seller, so the services' routes meet one that exists.
const service = await addService(app, seller.user, { name: 'Walked service' });
const knownIds = [
  buyer.user.id,
  seller.user.id,
  chatId,
  messageResponseSchema.parse(sent.json()).message.id,
  ...uploadResponseSchema.parse(uploaded.json()).files.map((file) => file.id),
  service.id,
];

// A third account whose email and password the generator knows, so sign-ins, resets and email
// changes meet a real account; never the walkers' own password, or a generated DELETE /me
// would end the walk.
const decoyPassword = 'the decoy passphrase';
const decoy = await signUp(app, { password: decoyPassword });

// A decision about the decoy, so the mailed appeal link's routes meet a token this server signed.
const warned = await app.inject({
  method: 'POST',
  url: '/api/v1/admin/decisions',
  headers: operator.headers,
  payload: {
    subjectUserId: decoy.id,
    kind: 'warn',
    ground: 'rules',
    rule: 'Terms 4',
    facts: 'Walked',
  },
});
expect(warned.statusCode).toBe(201);
const statement = await mailsOf(app).waitFor(
  (mail) => mail.kind === 'moderation-decision' && mail.to === decoy.email,
);
const appealToken = new URL(statement.link!).searchParams.get('token')!;

const coordinate = (limit: number) => fc.double({ min: -limit, max: limit, noNaN: true });
const generator = createGenerator(document.components.schemas, {
  ids: knownIds,
  hints: {
    email: fc.oneof(fc.constant(decoy.email), fc.emailAddress()),
    confirmEmail: fc.constant(decoy.email),
    token: fc.constant(appealToken),
    password: fc.constantFrom(decoyPassword, 'a new long passphrase'),
    currentPassword: fc.constant(decoyPassword),
    clientId: fc.stringMatching(/^[\w-]{8,64}$/),
    near: fc.tuple(coordinate(90), coordinate(180)).map(([lat, lng]) => `${lat},${lng}`),
    fullname: fc.constantFrom('Ana Sousa', 'Zoë  Ça  Lda', 'Single'),
    latitude: coordinate(90),
    longitude: coordinate(180),
    // The assistant's parts as the AI SDK writes them.
    parts: fc.array(
      fc.record({
        type: fc.constant('text'),
        text: fc.string({ unit: 'grapheme', maxLength: 200 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  },
});

// ---------------------------------------------------------------------------------------------
// Requests

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; parts: { field: string; name: string; type: string; data: Buffer }[] }
  | { kind: 'signed-event'; event: unknown; tamper: boolean };

interface Case {
  path: Record<string, unknown>;
  query: [unknown, unknown][];
  body: Body;
  role: 'buyer' | 'seller';
  /** A visitor's made-up cookie or Authorization header. */
  forged: { header: 'cookie' | 'authorization'; value: string } | null;
}

const rawBodies = [
  '',
  '{',
  '{"a":',
  'null',
  '"text"',
  '123',
  '[]',
  '1e999',
  '{"lat":1e999,"lng":-1e999,"latitude":1e999}',
  '\ufeff{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{"body":"\\u0000","content":"\\ud800","firstName":"\\u0000"}',
  '\u0000',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `{"chat":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
  `"${'x'.repeat(1_100_000)}"`,
];

const contentTypes = [
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/octet-stream',
  '*/*',
  ';',
];

const smallPng = await png(8, 8);
const imageBytes = [
  smallPng,
  smallPng.subarray(0, 40),
  Buffer.from('\x89PNG\r\n\x1a\n'),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  Buffer.alloc(0),
  Buffer.alloc(2_000, 0),
];

const multipartBody: fc.Arbitrary<Body> = fc
  .array(
    fc.record({
      field: fc.oneof(fc.constant('files'), fc.constantFrom('file', 'other', '', '\u0000')),
      name: fc.oneof(
        fc.constant('photo.png'),
        hostileString.map((name) => name.slice(0, 300)),
      ),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', '', 'image/svg+xml'),
      data: fc.constantFrom(...imageBytes),
    }),
    { maxLength: 4 },
  )
  .map((parts) => ({ kind: 'multipart', parts }));

const rawBody: fc.Arbitrary<Body> = fc
  .tuple(fc.constantFrom(...rawBodies), fc.constantFrom(...contentTypes))
  .map(([text, contentType]) => ({ kind: 'raw', text, contentType }));

const stripeEvent: fc.Arbitrary<Body> = fc
  .record({
    id: fc.oneof(
      fc.uuid().map((id) => `evt_${id}`),
      hostileString,
    ),
    object: fc.constant('event'),
    type: fc.constantFrom(
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'invoice.paid',
      'customer.subscription.deleted',
      'something.else',
    ),
    data: fc.record({
      object: fc.record({
        client_reference_id: fc.oneof(fc.constantFrom(...knownIds), hostileValue),
        customer: fc.oneof(fc.constant('cus_walk'), hostileValue, fc.record({ id: hostileValue })),
        customer_email: fc.oneof(fc.constant(buyer.user.email), hostileValue),
        customer_details: fc.oneof(fc.record({ email: hostileValue }), hostileValue),
        payment_status: fc.oneof(fc.constant('paid'), hostileValue),
      }),
    }),
  })
  .chain((event) => fc.boolean().map((tamper): Body => ({ kind: 'signed-event', event, tamper })));

function bodyFor(operation: Operation): fc.Arbitrary<Body> {
  const write = operation.method !== 'GET';
  if (!write) return fc.constant({ kind: 'none' });
  const schema = operation.requestBody?.content['application/json']?.schema;
  const options: fc.WeightedArbitrary<Body>[] = [
    { arbitrary: hostileValue.map((value) => ({ kind: 'json', value })), weight: 1 },
    { arbitrary: rawBody, weight: 1 },
    { arbitrary: multipartBody, weight: schema ? 1 : 3 },
    { arbitrary: fc.constant({ kind: 'none' }), weight: 1 },
  ];
  if (schema) {
    options.push({
      arbitrary: generator.value(schema).map((value) => ({ kind: 'json', value })),
      weight: 8,
    });
  }
  if (operation.path.endsWith('/billing/webhook')) {
    // Unsigned events are refused at once, so most are signed with the server's own secret
    // (hostile content, a real signature) and some tampered with after signing.
    options.push({ arbitrary: stripeEvent, weight: 8 });
  }
  return fc.oneof(...options);
}

function caseFor(operation: Operation): fc.Arbitrary<Case> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((parameter) => parameter.in === 'path');
  const inQuery = parameters.filter((parameter) => parameter.in === 'query');
  const parameterValue = (schema: JsonSchema) =>
    fc.oneof(
      { arbitrary: generator.value(schema), weight: 6 },
      { arbitrary: fc.constantFrom(...rawFragments), weight: 1 },
    );
  const query = fc
    .tuple(
      fc.subarray(inQuery),
      fc.array(
        fc.tuple(
          fc.constantFrom<unknown>('__proto__', 'constructor', 'x', 'q', 'limit', rawFragments[6]),
          hostileValue,
        ),
        { maxLength: 2 },
      ),
    )
    .chain(([chosen, extra]) =>
      fc
        .tuple(...chosen.map((parameter) => parameterValue(parameter.schema)))
        .map((values) => [
          ...chosen.map((parameter, index): [unknown, unknown] => [parameter.name, values[index]]),
          ...extra,
        ]),
    );
  return fc.record({
    path: fc.record(
      Object.fromEntries(
        inPath.map((parameter) => [parameter.name, parameterValue(parameter.schema)]),
      ),
    ),
    query,
    body: bodyFor(operation),
    role: fc.constantFrom('buyer', 'seller'),
    forged: rarely(
      fc.record({
        header: fc.constantFrom('cookie', 'authorization'),
        value: fc.oneof(
          fc.constantFrom(
            'maya_session=%E0%A4%A',
            'maya_session=',
            'maya_session="unterminated',
            `maya_session=${'a'.repeat(5_000)}`,
            'Bearer ',
            `Bearer ${'A'.repeat(43)}`,
            `Bearer ${'a'.repeat(500)}`,
            'Basic Og==',
          ),
          fc
            .string({ unit: 'grapheme-ascii', maxLength: 80 })
            .map((text) => `maya_session=${text}`),
        ),
      }),
      3,
    ),
  });
}

function urlOf(operation: Operation, item: Case): string {
  const path = operation.path.replaceAll(/\{(\w+)\}/g, (_, name: string) =>
    asParameter(item.path[name]),
  );
  const query = item.query
    .map(([name, value]) => `${asParameter(name)}=${asParameter(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

function requestFor(operation: Operation, item: Case, member: Member | null) {
  const url = urlOf(operation, item);
  const headers: Record<string, string> = {};
  if (member && url.startsWith('/api/v1/admin')) {
    Object.assign(headers, operator.headers);
  } else if (member) {
    if (url.startsWith('/api/v1/')) {
      // The browser's way: the session cookie the sign-up set, with its same-origin proof.
      headers.cookie = `maya_session=${member.token}`;
      headers.origin = publicOrigin;
    } else {
      headers.authorization = `Bearer ${member.token}`;
    }
  } else if (item.forged) {
    headers[item.forged.header] = item.forged.value;
  }

  let payload: string | Buffer | undefined;
  const body = item.body;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.value) ?? 'null';
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    payload = body.text;
  } else if (body.kind === 'multipart') {
    const built = multipart(body.parts);
    Object.assign(headers, built.headers);
    payload = built.payload;
  } else if (body.kind === 'signed-event') {
    const text = JSON.stringify(body.event);
    headers['content-type'] = 'application/json';
    headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
      payload: text,
      secret: webhookSecret,
    });
    payload = body.tamper ? `${text} ` : text;
  }
  return {
    method: operation.method as 'GET',
    url,
    headers,
    payload,
    remoteAddress: nextAddress(),
  };
}

/** A short, printable account of a request for a failure message. */
function describeRequest(request: ReturnType<typeof requestFor>): string {
  const payload =
    typeof request.payload === 'string'
      ? request.payload
      : request.payload
        ? `<${request.payload.length} bytes multipart>`
        : '';
  return JSON.stringify({
    method: request.method,
    url: request.url.slice(0, 300),
    contentType: request.headers['content-type'],
    payload: payload.slice(0, 400),
  });
}

/** A request that ended the session (sign-out) is followed by a new sign-in for the next case. */
async function keepSignedIn(member: Member): Promise<void> {
  const session = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/session',
    headers: { authorization: `Bearer ${member.token}` },
  });
  if (session.json().user) return;
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { origin: publicOrigin },
    remoteAddress: nextAddress(),
    payload: { email: member.user.email, password },
  });
  expect(login.statusCode, 'signing in again').toBe(200);
  member.token = login.json().token;
}

describe('the OpenAPI walk', () => {
  it('answers every operation’s generated hostile requests, visitor and signed in, without a 5xx and always with problem details', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const started = performance.now();
    const failures: string[] = [];
    const notProblems: string[] = [];
    let requests = 0;

    for (const [index, operation] of operations.entries()) {
      const cases = fc.sample(caseFor(operation), { seed: SEED + index, numRuns: RUNS * 2 });
      for (const [number, item] of cases.entries()) {
        // The first half as a visitor, the second signed in.
        const member = number < RUNS ? null : item.role === 'buyer' ? buyer : seller;
        const request = requestFor(operation, item, member);
        const response = await app.inject(request);
        requests += 1;
        const who = member
          ? operation.path.startsWith('/api/v1/admin')
            ? 'operator'
            : item.role
          : 'visitor';
        const what = `${operation.method} ${operation.path} as ${who}: ${response.statusCode}`;
        if (response.statusCode >= 500) {
          failures.push(`${what} ${response.body.slice(0, 200)} for ${describeRequest(request)}`);
        }
        const type = String(response.headers['content-type']);
        if (response.statusCode >= 400 && !type.startsWith('application/problem+json')) {
          notProblems.push(`${what} (${type}) for ${describeRequest(request)}`);
        }
        if (member && operation.path.startsWith('/api/v1/admin')) {
          // A sign-out or a step of a new sign-in may have ended the operator's session.
          if (operation.method !== 'GET' && operation.path.startsWith('/api/v1/admin/session')) {
            operator = await insertOperator(app.db, { role: 'admin' });
          }
        } else if (member && operation.method !== 'GET' && response.statusCode < 300) {
          await keepSignedIn(member);
        }
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `OpenAPI walk: ${operations.length} operations × ${RUNS * 2} generated cases (${RUNS} as a visitor, ${RUNS} signed in: a member, or an operator on the console's) = ${requests} requests, ${failures.length} answered 5xx, ${notProblems.length} errors not problem details, in ${seconds} s (seed ${SEED})`,
    );
    expect(failures).toEqual([]);
    expect(notProblems).toEqual([]);

    // Nothing a request sent became part of every object, and the app still serves.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 300_000);
});

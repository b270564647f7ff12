import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.js';
import { newChat, send } from '../test/chats.js';
import { mailsOf } from '../test/mail-log.js';
import { insertOperator, insertReport } from '../test/moderation.js';
import { nextAddress, signUp, type SignedUp } from '../test/sessions.js';

/**
 * The authorization matrix of trust and safety: every route of blocks, reports, notices,
 * decisions and the operator console (read from the OpenAPI document, so a new route is in it
 * at once) against each actor: the owner, another member, a member the owner blocked, a
 * moderator, an admin and a visitor.
 */
const { app } = await buildTestApp();

type Actor = 'visitor' | 'owner' | 'other' | 'blocked' | 'moderator' | 'admin';
const ACTORS: Actor[] = ['visitor', 'owner', 'other', 'blocked', 'moderator', 'admin'];

const document = app.swagger() as unknown as {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
);
const adminOperations = operations.filter((operation) =>
  operation.path.startsWith('/api/v1/admin'),
);
/** The console's own sign-in, which anyone may try (and which answers a member as a stranger). */
const isOperatorSignIn = (path: string) => path.startsWith('/api/v1/admin/session');

const owner = await signUp(app, { role: 'buyer', category: undefined, firstName: 'Olga' });
const other = await signUp(app, { role: 'buyer', category: undefined, firstName: 'Otto' });
const blocked = await signUp(app, { role: 'seller', firstName: 'Bruno' });
const chatId = await newChat(app, owner, blocked);
const message = (await send(app, blocked, chatId, 'Before the block')).json().message as {
  id: string;
};
expect(
  (
    await app.inject({
      method: 'PUT',
      url: `/api/v1/me/blocks/${blocked.id}`,
      headers: owner.headers,
    })
  ).statusCode,
).toBe(200);
const moderator = await insertOperator(app.db, { role: 'moderator' });
const admin = await insertOperator(app.db, { role: 'admin' });
const report = await insertReport(app.db, { subjectUserId: blocked.id, reporterId: owner.id });

function headersOf(actor: Actor): Record<string, string> {
  const members: Record<string, SignedUp> = { owner, other, blocked };
  if (actor === 'visitor') return { 'x-requested-with': 'fetch' };
  if (actor === 'moderator') return moderator.headers;
  if (actor === 'admin') return admin.headers;
  return members[actor]!.headers;
}

/** A concrete URL for an operation: path parameters filled with objects that exist. */
function urlOf(path: string): string {
  return path
    .replace('{userId}', blocked.id)
    .replace(/\/reports\/\{id\}/, `/reports/${report.id}`)
    .replace(/\{id\}/g, '01900000-0000-7000-8000-000000000000');
}

async function call(method: string, url: string, actor: Actor, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: headersOf(actor),
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });
}

describe('the operator console’s API', () => {
  it('has routes to check', () => {
    expect(adminOperations.length).toBeGreaterThan(10);
  });

  for (const actor of ['visitor', 'owner', 'other', 'blocked'] as const) {
    it(`answers a ${actor === 'visitor' ? 'visitor' : 'member'} (${actor}) 401, 403 or 404 on every route, before reading the request`, async () => {
      const answered: string[] = [];
      for (const { method, path } of adminOperations) {
        if (isOperatorSignIn(path)) continue;
        const response = await call(method, urlOf(path), actor);
        if (![401, 403, 404].includes(response.statusCode)) {
          answered.push(`${method} ${path}: ${response.statusCode}`);
        }
      }
      expect(answered).toEqual([]);
    });
  }

  it('lets a member session open no part of it, by cookie or Bearer, and no operator session open a member route', async () => {
    for (const { method, path } of adminOperations) {
      if (isOperatorSignIn(path)) continue;
      const bearer = await app.inject({
        method: method as 'GET',
        url: urlOf(path),
        headers: { authorization: owner.headers.authorization },
      });
      expect([401, 403, 404], `${method} ${path}`).toContain(bearer.statusCode);
    }
    for (const actor of ['moderator', 'admin'] as const) {
      for (const url of ['/api/v1/me', '/api/v1/me/blocks', '/api/v1/chats', '/api/v1/me/export']) {
        expect((await call('GET', url, actor)).statusCode, `${actor} GET ${url}`).toBe(401);
      }
    }
  });

  it('keeps the management of operators to admins', async () => {
    const managing = adminOperations.filter((operation) =>
      operation.path.startsWith('/api/v1/admin/operators'),
    );
    expect(managing.length).toBeGreaterThan(0);
    for (const { method, path } of managing) {
      expect((await call(method, urlOf(path), 'moderator')).statusCode, `${method} ${path}`).toBe(
        403,
      );
      expect(
        (await call(method, urlOf(path), 'admin')).statusCode,
        `admin ${method} ${path}`,
      ).not.toBe(403);
    }
  });

  it('lets both roles read the queue, one report with its evidence, and the transparency counts', async () => {
    for (const actor of ['moderator', 'admin'] as const) {
      for (const url of [
        '/api/v1/admin/reports',
        `/api/v1/admin/reports/${report.id}`,
        '/api/v1/admin/users?q=Bruno',
        `/api/v1/admin/transparency?year=${new Date().getUTCFullYear()}`,
      ]) {
        expect((await call('GET', url, actor)).statusCode, `${actor} GET ${url}`).toBe(200);
      }
    }
  });

  it('exposes nothing of it on the old client’s paths', async () => {
    for (const actor of ACTORS) {
      for (const url of ['/admin/reports', '/api/admin/reports', '/api/user/admin', '/admin/api']) {
        const response = await app.inject({ method: 'GET', url, headers: headersOf(actor) });
        // Not found, or the web app's page (HTML, no data): never the console's answers.
        if (response.statusCode === 200) {
          expect(response.headers['content-type'], `${actor} GET ${url}`).toMatch(/^text\/html/);
        } else {
          expect(response.statusCode, `${actor} GET ${url}`).toBe(404);
        }
        expect(response.body).not.toContain(report.id);
      }
    }
  });
});

describe('blocks, reports and decisions, per actor', () => {
  it('keeps each person’s blocks their own', async () => {
    const expected: Record<Actor, number> = {
      visitor: 401,
      owner: 200,
      other: 200,
      blocked: 200,
      moderator: 401,
      admin: 401,
    };
    for (const actor of ACTORS) {
      const response = await call('GET', '/api/v1/me/blocks', actor);
      expect(response.statusCode, actor).toBe(expected[actor]);
      if (response.statusCode !== 200) continue;
      const ids = response
        .json<{ items: { user: { id: string } }[] }>()
        .items.map((item) => item.user.id);
      expect(ids, actor).toEqual(actor === 'owner' ? [blocked.id] : []);
    }
    // The blocked person lifting "their" block of the owner lifts nothing of the owner's.
    await call('DELETE', `/api/v1/me/blocks/${owner.id}`, 'blocked');
    const still = await call('GET', '/api/v1/me/blocks', 'owner');
    expect(still.json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('takes a member’s report from members only, and a message’s only from its chat', async () => {
    const subject = { kind: 'message', messageId: message.id };
    const answers: Record<Actor, number[]> = {
      visitor: [401],
      owner: [200, 201],
      other: [404],
      blocked: [400, 403, 404],
      moderator: [401],
      admin: [401],
    };
    for (const actor of ACTORS) {
      const response = await call('POST', '/api/v1/reports', actor, { subject, reason: 'spam' });
      expect(answers[actor], `${actor}: ${response.body}`).toContain(response.statusCode);
    }
  });

  it('takes a notice from anyone, visitors included', async () => {
    for (const actor of ['visitor', 'owner'] as const) {
      const response = await call('POST', '/api/v1/notices', actor, {
        explanation: 'This profile sells counterfeit goods.',
        location: `http://localhost:3000/sellers/${blocked.id}`,
        notifierName: 'Nora Notifier',
        notifierEmail: 'nora@example.test',
        goodFaith: true,
      });
      expect([200, 201, 202], `${actor}: ${response.body}`).toContain(response.statusCode);
    }
  });

  it('shows a person only their own decisions, and lets no one appeal another’s', async () => {
    const decided = await call('POST', '/api/v1/admin/decisions', 'moderator', {
      subjectUserId: blocked.id,
      kind: 'warn',
      reportIds: [report.id],
      ground: 'rules',
      rule: 'Spam',
      facts: 'Sent the same advert to many clients.',
    });
    expect(decided.statusCode, decided.body).toBeLessThan(300);
    const decisionId = decided.json<{ id: string }>().id;
    const lists: Record<Actor, number> = {
      visitor: 401,
      owner: 200,
      other: 200,
      blocked: 200,
      moderator: 401,
      admin: 401,
    };
    for (const actor of ACTORS) {
      const response = await call('GET', '/api/v1/me/decisions', actor);
      expect(response.statusCode, actor).toBe(lists[actor]);
      if (response.statusCode === 200) {
        expect(response.body.includes(decisionId), actor).toBe(actor === 'blocked');
      }
    }
    for (const actor of ['owner', 'other'] as const) {
      const appeal = await call('POST', `/api/v1/me/decisions/${decisionId}/appeal`, actor, {
        text: 'This was not me.',
      });
      expect(appeal.statusCode, actor).toBe(404);
    }
  });

  it('opens a mailed appeal link for whoever holds it, a forged one for no one, and takes one appeal', async () => {
    const decided = await call('POST', '/api/v1/admin/decisions', 'moderator', {
      subjectUserId: owner.id,
      kind: 'warn',
      ground: 'rules',
      rule: 'Terms 4.2',
      facts: 'Rude replies to a business.',
    });
    expect(decided.statusCode, decided.body).toBe(201);
    const decisionId = decided.json<{ id: string }>().id;
    const statement = await mailsOf(app).waitFor(
      (mail) => mail.kind === 'moderation-decision' && mail.to === owner.email,
    );
    const token = new URL(statement.link!).searchParams.get('token')!;
    const forged = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
    // The link is the proof, as a mailbox is its owner's: no session is read, none is needed.
    const post = (url: string, actor: Actor, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url,
        headers: headersOf(actor),
        remoteAddress: nextAddress(),
        payload,
      });

    const appealed: Record<string, number> = {};
    for (const actor of ACTORS) {
      const read = await post('/api/v1/decisions/statement', actor, { token });
      expect(read.statusCode, `${actor}: ${read.body}`).toBe(200);
      expect(read.json().id, actor).toBe(decisionId);
      const forgedRead = await post('/api/v1/decisions/statement', actor, { token: forged });
      expect(forgedRead.statusCode, `${actor} forged`).toBe(404);
      const forgedAppeal = await post('/api/v1/decisions/appeal', actor, {
        token: forged,
        text: 'Let me in',
      });
      expect(forgedAppeal.statusCode, `${actor} forged`).toBe(404);
      appealed[actor] = (
        await post('/api/v1/decisions/appeal', actor, { token, text: `Appeal sent as ${actor}` })
      ).statusCode;
    }
    expect(appealed).toEqual({
      visitor: 201,
      owner: 409,
      other: 409,
      blocked: 409,
      moderator: 409,
      admin: 409,
    });
  });
});

describe('services with prices, per actor', () => {
  // Bruno (a business, whom the owner blocked) lists a service; another business tries it too.
  const servicesOperations = operations.filter((operation) =>
    operation.path.startsWith('/api/v1/me/services'),
  );

  it('lets only their business write or read its own services, on every route', async () => {
    expect(servicesOperations.length).toBeGreaterThanOrEqual(5);
    const rival = await signUp(app, { role: 'seller', firstName: 'Rita' });
    const body = {
      name: 'Roof repair',
      description: '',
      priceFrom: 9000,
      priceTo: null,
      unit: 'visit',
      currency: 'EUR',
    };
    const added = await call('POST', '/api/v1/me/services', 'blocked', body);
    expect(added.statusCode, added.body).toBe(201);
    const serviceId = added.json<{ id: string }>().id;
    // The new order names every service of the business (Bruno's, also to the rival, whom it is
    // refused).
    const payloadOf = async (path: string) => {
      if (!path.endsWith('/order')) return body;
      const own = await call('GET', '/api/v1/me/services', 'blocked');
      return { ids: own.json<{ items: { id: string }[] }>().items.map((item) => item.id) };
    };
    // What each actor gets; the business's own calls are made last, DELETE at the very end.
    const expected: Record<Actor | 'rival', (method: string, path: string) => number[]> = {
      visitor: () => [401],
      moderator: () => [401],
      admin: () => [401],
      owner: () => [403],
      other: () => [403],
      rival: (method, path) =>
        path.endsWith('{id}')
          ? [404]
          : path.endsWith('/order')
            ? [400]
            : method === 'POST'
              ? [201]
              : [200],
      blocked: (method) => (method === 'POST' ? [201] : method === 'DELETE' ? [204] : [200]),
    };
    const ordered = [...servicesOperations].sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    for (const actor of [
      ...ACTORS.filter((name) => name !== 'blocked'),
      'rival',
      'blocked',
    ] as const) {
      for (const { method, path } of ordered) {
        const url = path.replace('{id}', serviceId);
        const response =
          actor === 'rival'
            ? await app.inject({
                method: method as 'GET',
                url,
                headers: rival.headers,
                ...(method === 'GET' || method === 'DELETE'
                  ? {}
                  : { payload: await payloadOf(path) }),
              })
            : await call(method, url, actor, await payloadOf(path));
        expect(
          expected[actor](method, path),
          `${actor} ${method} ${path}: ${response.body}`,
        ).toContain(response.statusCode);
      }
    }
  });

  it('shows a business’s services on its profile to everyone but whom a block binds', async () => {
    const service = await call('POST', '/api/v1/me/services', 'blocked', {
      name: 'Gutter cleaning',
      priceFrom: 6000,
      unit: 'visit',
      currency: 'EUR',
    });
    expect(service.statusCode).toBe(201);
    const shown: Record<Actor, boolean> = {
      visitor: true,
      owner: false,
      other: true,
      blocked: true,
      moderator: true,
      admin: true,
    };
    for (const actor of ACTORS) {
      const response = await call('GET', `/api/v1/users/${blocked.id}`, actor);
      expect(response.statusCode, actor).toBe(shown[actor] ? 200 : 404);
      expect(response.body.includes('Gutter cleaning'), actor).toBe(shown[actor]);
      const found = await call('GET', '/api/v1/users?q=gutter', actor);
      expect(found.body.includes(blocked.id), `search ${actor}`).toBe(
        shown[actor] && actor !== 'blocked',
      );
    }
  });
});

describe('saved businesses, per actor', () => {
  const savedOperations = operations.filter((operation) =>
    operation.path.startsWith('/api/v1/me/saved'),
  );

  it('lets a client save, list and forget only their own, a business never, on every route', async () => {
    expect(savedOperations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'DELETE /api/v1/me/saved/{businessId}',
      'GET /api/v1/me/saved',
      'PUT /api/v1/me/saved/{businessId}',
    ]);
    const shop = await signUp(app, { role: 'seller', firstName: 'Sara' });
    // Each actor saves the shop, lists, forgets it; then the owner tries Bruno, whom it blocked.
    const expected: Record<Actor, Record<string, number>> = {
      visitor: { PUT: 401, GET: 401, DELETE: 401 },
      moderator: { PUT: 401, GET: 401, DELETE: 401 },
      admin: { PUT: 401, GET: 401, DELETE: 401 },
      blocked: { PUT: 403, GET: 403, DELETE: 403 },
      owner: { PUT: 200, GET: 200, DELETE: 204 },
      other: { PUT: 200, GET: 200, DELETE: 204 },
    };
    const order = ['PUT', 'GET', 'DELETE'];
    for (const actor of ACTORS) {
      for (const { method, path } of [...savedOperations].sort(
        (a, b) => order.indexOf(a.method) - order.indexOf(b.method),
      )) {
        const response = await call(method, path.replace('{businessId}', shop.id), actor);
        expect(response.statusCode, `${actor} ${method} ${path}: ${response.body}`).toBe(
          expected[actor][method],
        );
        if (method === 'GET' && response.statusCode === 200) {
          // Only the caller's own: the other client's save of the same shop is not in it.
          expect(
            response.json<{ items: { id: string }[] }>().items.map((item) => item.id),
            actor,
          ).toEqual([shop.id]);
        }
        if (response.statusCode === 403) {
          expect(response.json<{ detail: string }>().detail).toBe(
            'Only a client saves businesses: a business has no saved list.',
          );
        }
      }
    }
    // A business behind a block is not found to save, as its profile is not.
    expect((await call('PUT', `/api/v1/me/saved/${blocked.id}`, 'owner')).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/me/saved/${blocked.id}`, 'other')).statusCode).toBe(200);
  });
});

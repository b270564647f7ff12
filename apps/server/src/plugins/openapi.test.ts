import { describe, expect, it } from 'vitest';
import { errorCodesSchema, errorStatus, problemSchema } from '@maya/contracts';
import { buildTestApp } from '../../test/build-test-app.js';
import { security } from './auth.js';
import {
  DEFAULT_DESCRIPTION,
  finishDocument,
  operationIdOf,
  PROBLEM_MEDIA_TYPE,
} from './openapi-document.js';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
}

const { app } = await buildTestApp();
const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}>();
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
);

describe('the OpenAPI document', () => {
  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map(({ method, path, operation }) => {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/v1/chats/{id}/messages']?.post?.operationId).toBe(
      'postChatsByIdMessages',
    );
    expect(document.paths['/chats']?.post?.operationId).toBe('legacyPostChats');
  });

  it('describes every answer in its own words', () => {
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${method} ${path} ${status}`).toBeTruthy();
        expect(response.description, `${method} ${path} ${status}`).not.toBe(DEFAULT_DESCRIPTION);
      }
    }
  });

  it('types every problem answer application/problem+json with the shared Problem schema', () => {
    const problemRefs = ['#/components/schemas/Problem', '#/components/schemas/LegacyProblem'];
    let problems = 0;
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || path === '/readyz') continue;
        problems += 1;
        expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual([
          PROBLEM_MEDIA_TYPE,
        ]);
        const media = response.content?.[PROBLEM_MEDIA_TYPE] as { schema: { $ref: string } };
        expect(problemRefs, `${method} ${path} ${status}`).toContain(media.schema.$ref);
      }
    }
    expect(problems).toBeGreaterThan(100);
  });

  it('has no two paths that differ only in a parameter name', () => {
    const shapes = Object.keys(document.paths).map((path) => path.replaceAll(/\{[^}]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('describes the assistant’s answer as the event stream it sends', () => {
    const answer = document.paths['/api/v1/assistant/chat']?.post?.responses['200'];
    expect(Object.keys(answer?.content ?? {})).toEqual(['text/event-stream']);
  });

  it('declares the security of every operation, from the schemes it defines', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { method, path, operation } of operations) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(schemes).toContain(scheme);
      }
    }
    expect(document.paths['/api/v1/chats']?.get?.security).toEqual(security.signedIn);
    expect(document.paths['/api/v1/auth/login']?.post?.security).toEqual(security.none);
    expect(document.paths['/api/v1/users']?.get?.security).toEqual(security.optional);
    expect(document.paths['/chats']?.get?.security).toEqual([{ bearer: [] }]);
  });

  it('keeps only the schema components something refers to', () => {
    const text = JSON.stringify(document.paths) + JSON.stringify(document.components.schemas);
    for (const name of Object.keys(document.components.schemas)) {
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
    }
  });
});

describe('who may call an operation', () => {
  const uuid = '0190a0a0-0000-7000-8000-000000000000';
  const anonymous = (method: string, path: string) =>
    app.inject({
      method: method.toUpperCase() as 'GET',
      url: path.replaceAll(/\{[^}]+\}/g, uuid),
      headers: { 'x-requested-with': 'fetch' },
    });

  it('answers an anonymous call 401 wherever the document asks for a session under /api/v1', async () => {
    const signedIn = operations.filter(
      ({ path, operation }) =>
        path.startsWith('/api/v1/') &&
        JSON.stringify(operation.security) === JSON.stringify(security.signedIn),
    );
    expect(signedIn.length).toBeGreaterThan(10);
    for (const { method, path } of signedIn) {
      const response = await anonymous(method, path);
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(problemSchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
    }
  });

  it('never asks an anonymous caller to sign in where the document says anyone may call', async () => {
    const open = operations.filter(({ operation }) => {
      const requirements = operation.security ?? [];
      return (
        requirements.length === 0 ||
        requirements.some((requirement) => Object.keys(requirement).length === 0)
      );
    });
    expect(open.length).toBeGreaterThan(10);
    for (const { method, path } of open) {
      // The assistant would call its model; its visitor answers have tests of their own.
      if (path === '/api/v1/assistant/chat') continue;
      const response = await anonymous(method, path);
      const code = response.statusCode === 401 ? problemSchema.parse(response.json()).code : '';
      expect(code, `${method} ${path}`).not.toBe('UNAUTHENTICATED');
    }
  });
});

describe('the page of error codes', () => {
  it('is where a problem’s type leads, with a row for its code', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    const type = new URL(problemSchema.parse(missing.json()).type, 'http://localhost');

    const page = await app.inject({
      method: 'GET',
      url: type.pathname,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`id="${type.hash.slice(1)}"`);
    // Nothing the strict CSP would refuse: no script, inline or not.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
    for (const code of Object.keys(errorStatus))
      expect(page.body).toContain(`<code>${code}</code>`);
  });

  it('lists every code of the contracts as JSON for an API client', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/errors',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const { codes } = errorCodesSchema.parse(response.json());
    expect(codes.map((entry) => entry.code)).toEqual(Object.keys(errorStatus));
    for (const entry of codes) {
      expect(entry.status).toBe(errorStatus[entry.code]);
      expect(entry.meaning.length).toBeGreaterThan(20);
      expect(entry.type).toBe(`/api/errors#${entry.code.toLowerCase().replaceAll('_', '-')}`);
    }
  });
});

describe('finishing the document', () => {
  it('derives operationIds from the method and the path', () => {
    expect(operationIdOf('get', '/api/v1/me/export')).toBe('getMeExport');
    expect(operationIdOf('post', '/api/v1/auth/password-reset/confirm')).toBe(
      'postAuthPasswordResetConfirm',
    );
    expect(operationIdOf('delete', '/chats/{chatId}', ['legacy'])).toBe(
      'legacyDeleteChatsByChatId',
    );
    expect(operationIdOf('get', '/healthz')).toBe('getHealthz');
  });

  it('refuses two operations with one operationId', () => {
    const answer = { 200: { description: 'OK' } };
    expect(() =>
      finishDocument({
        paths: {
          '/api/v1/chats': { get: { responses: answer } },
          '/api/v1/Chats': { get: { responses: answer } },
        },
      }),
    ).toThrow(/share the operationId getChats/);
  });

  it('leaves an answer it cannot describe as fastify-swagger left it, for the test above to find', () => {
    const finished = finishDocument({
      paths: { '/api/v1/x': { get: { responses: { 200: { description: DEFAULT_DESCRIPTION } } } } },
    });
    expect(finished.paths?.['/api/v1/x']?.get?.responses?.['200']?.description).toBe(
      DEFAULT_DESCRIPTION,
    );
  });
});

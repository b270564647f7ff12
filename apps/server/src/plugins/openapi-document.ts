import { STATUS_CODES } from 'node:http';
import { errorStatus, type ErrorCode } from '@maya/contracts';
import { security } from './auth.js';
import { problemTitles } from './problem.js';

/**
 * What every operation of the OpenAPI document gets from one place rather than from each route:
 * an operationId, its security, a description per answer, and problem answers typed
 * `application/problem+json`. A route may still say any of these itself, and then its word wins.
 */

type JsonObject = Record<string, unknown>;

interface Response {
  description?: string;
  content?: Record<string, { schema?: JsonObject }>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, Response>;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonObject> } & JsonObject;
  [key: string]: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** fastify-swagger's words for an answer nobody described. */
export const DEFAULT_DESCRIPTION = 'Default Response';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

function camelCase(parts: string[]): string {
  return parts
    .map((part, index) =>
      index === 0 ? part.toLowerCase() : part.charAt(0).toUpperCase() + part.slice(1),
    )
    .join('');
}

/**
 * The operationId of a method at a path: the method, then the path's words (without the
 * `/api/v1` every current operation shares), each parameter as `By<Name>`, in camelCase:
 * `GET /api/v1/chats/{id}/messages` is `getChatsByIdMessages`. The original client's calls are
 * prefixed `legacy`, since several share a path's words with /api/v1 (`POST /chats`). A URL
 * never moves, so neither does its operationId.
 */
export function operationIdOf(method: string, path: string, tags: readonly string[] = []): string {
  const segments = path
    .replace(/^\/api\/v1(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const parts = segments.flatMap((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    return parameter ? ['by', ...words(parameter[1] ?? '')] : words(segment);
  });
  return camelCase([...(tags.includes('legacy') ? ['legacy'] : []), method, ...parts]);
}

/** The codes that answer with a status, each with its title: `VALIDATION_FAILED (Validation failed)`. */
function codesOf(status: number): string {
  return (Object.entries(errorStatus) as [ErrorCode, number][])
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => `\`${code}\` (${problemTitles[code]})`)
    .join(' or ');
}

function isProblemSchema(schema: JsonObject | undefined, problemRefs: Set<string>): boolean {
  return typeof schema?.$ref === 'string' && problemRefs.has(schema.$ref);
}

/** A problem answer's description: what the status means and which codes it carries. */
function problemDescription(status: number): string {
  const reason = STATUS_CODES[status] ?? `Status ${status}`;
  const codes = codesOf(status);
  return codes
    ? `${reason}: a problem details answer with the code ${codes}.`
    : `${reason}: a problem details answer.`;
}

/** A success answer's description, from the operation's summary and the answer's schema. */
function successDescription(status: number, operation: Operation, response: Response) {
  if (!operation.summary) return undefined;
  const reason = STATUS_CODES[status] ?? `Status ${status}`;
  if (!response.content) return `${reason}, with no body: ${operation.summary}.`;
  const [mediaType, media] = Object.entries(response.content)[0] ?? [];
  const ref = typeof media?.schema?.$ref === 'string' ? media.schema.$ref.split('/').pop() : '';
  const body = ref ? `\`${ref}\`` : mediaType === 'application/json' ? 'JSON' : mediaType;
  return `${reason}, with ${body}: ${operation.summary}.`;
}

function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item);
      else refsIn(item, found);
    }
  }
}

/** Drops the schema components nothing refers to (zod's input copies of answers, say). */
function pruneSchemas(document: OpenApiDocument): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const prefix = '#/components/schemas/';
  const used = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length > 0) {
    const found = new Set<string>();
    refsIn(pending.pop(), found);
    for (const ref of found) {
      const name = ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
      if (name === undefined || used.has(name)) continue;
      used.add(name);
      pending.push(schemas[name]);
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/**
 * Finishes the document fastify-swagger built from the routes. Throws when two operations would
 * share an operationId, so such a route cannot be added unnoticed.
 */
export function finishDocument(document: OpenApiDocument): OpenApiDocument {
  const problemRefs = new Set(
    Object.keys(document.components?.schemas ?? {})
      .filter((name) => /^(Legacy)?Problem$/.test(name))
      .map((name) => `#/components/schemas/${name}`),
  );
  const seen = new Map<string, string>();

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${path}`;

      operation.operationId ??= operationIdOf(method, path, operation.tags);
      const twin = seen.get(operation.operationId);
      if (twin) {
        throw new Error(`${where} and ${twin} share the operationId ${operation.operationId}`);
      }
      seen.set(operation.operationId, where);

      operation.security ??= security.signedIn;

      for (const [key, response] of Object.entries(operation.responses ?? {})) {
        const status = Number(key);
        const media = response.content && Object.values(response.content)[0];
        const problem = status >= 400 && isProblemSchema(media?.schema, problemRefs);
        if (problem && media) response.content = { [PROBLEM_MEDIA_TYPE]: media };
        if (response.description && response.description !== DEFAULT_DESCRIPTION) continue;
        const description = problem
          ? problemDescription(status)
          : successDescription(status, operation, response);
        if (description) response.description = description;
      }
    }
  }

  pruneSchemas(document);
  return document;
}

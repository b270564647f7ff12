import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SignedUp } from './sessions.js';

/**
 * The actors of an authorization matrix over a deal's two parties: the buyer and the business of
 * a deal, another member, a buyer whose deal is across a block, an operator, a visitor.
 */
export const partyActors = [
  'buyer',
  'business',
  'other',
  'blocked',
  'operator',
  'visitor',
] as const;
export type PartyActor = (typeof partyActors)[number];

export interface MatrixRequest {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

/** Each route with the request each actor sends, and the status it must get. */
export type PartyMatrix = Record<
  string,
  { call: (actor: PartyActor) => MatrixRequest; expect: Record<PartyActor, number> }
>;

/** Every operation of the OpenAPI document (`GET /api/v1/deals`) on a path `ours` keeps. */
export function operationsOf(app: FastifyInstance, ours: (path: string) => boolean): string[] {
  const document = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => ours(path))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
}

/** PUT /api/v1/me/blocks/{id}: `user` blocks `whom`. */
export async function block(app: FastifyInstance, user: SignedUp, whom: SignedUp): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/v1/me/blocks/${whom.id}`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
}

/**
 * The matrix's tests: one row for every operation, then each row's request sent by each actor
 * (an operator with its console session, a visitor with none) and answered as the row says.
 */
export function describePartyMatrix(
  name: string,
  {
    app,
    operations,
    actors,
    operator,
    matrix,
  }: {
    app: FastifyInstance;
    operations: string[];
    actors: Record<'buyer' | 'business' | 'other' | 'blocked', SignedUp>;
    operator: { headers: Record<string, string> };
    matrix: PartyMatrix;
  },
): void {
  const headersOf = (actor: PartyActor): Record<string, string> => {
    if (actor === 'visitor') return { 'x-requested-with': 'fetch' };
    if (actor === 'operator') return operator.headers;
    return actors[actor].headers;
  };

  describe(name, () => {
    it('has a row for every route', () => {
      expect(operations.sort()).toEqual(Object.keys(matrix).sort());
    });

    for (const [operation, row] of Object.entries(matrix)) {
      it(`answers ${operation} as the matrix says`, async () => {
        const answered: Record<string, number> = {};
        for (const actor of partyActors) {
          const response = await app.inject({ ...row.call(actor), headers: headersOf(actor) });
          answered[actor] = response.statusCode;
        }
        expect(answered).toEqual(row.expect);
      });
    }
  });
}

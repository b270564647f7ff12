import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sessionResponseSchema } from '@maya/contracts';

export const sameOrigin = { origin: 'http://localhost:3000' };

/** The header an API client (or the original web client) sends its session token in. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

let addresses = 0;
/** A new client address per call, so the per-address limits never hide the rule under test. */
export function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

/** Signs a user up through the real route and returns a Bearer session for it. */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedUp> {
  counter += 1;
  const body = {
    role: 'seller',
    email: `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'a long enough passphrase',
    firstName: 'Test',
    lastName: `Person${counter}`,
    description: 'Testing',
    category: 'hospitality',
    location: { address: 'Praça do Comércio, Lisbon', lat: 38.7075, lng: -9.1364 },
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: sameOrigin,
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  const { user, token } = sessionResponseSchema.parse(response.json());
  return {
    id: user.id,
    email: body.email,
    password: body.password,
    token,
    headers: bearer(token),
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: sameOrigin,
    payload: { email, password },
  });
}

/** GET /api/v1/me with these headers: the answer, for tests of who is still signed in. */
export function getMe(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/v1/me', headers });
}

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { serviceSchema, type Service, type ServiceBody } from '@maya/contracts';
import type { SignedUp } from './sessions.js';

/** A service body with the given fields over a plain hourly one in euros. */
export function serviceBody(fields: Partial<ServiceBody> = {}): ServiceBody {
  return {
    name: 'Consultation',
    description: '',
    priceFrom: 4000,
    priceTo: null,
    unit: 'hour',
    currency: 'EUR',
    ...fields,
  };
}

/** Adds a service to `business`'s list through the real route. */
export async function addService(
  app: FastifyInstance,
  business: SignedUp,
  fields: Partial<ServiceBody> = {},
): Promise<Service> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/me/services',
    headers: business.headers,
    payload: serviceBody(fields),
  });
  expect(response.statusCode, response.body).toBe(201);
  return serviceSchema.parse(response.json());
}

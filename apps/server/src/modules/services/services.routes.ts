import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderServicesBodySchema,
  serviceBodySchema,
  serviceParamsSchema,
  serviceSchema,
  servicesSchema,
} from '@maya/contracts';
import { requireActor } from '../../plugins/auth.js';
import { problems } from '../../plugins/problem.js';
import type { ServicesService } from './services.service.js';

/** A business's own services: list, add, replace, reorder, delete. Its profile shows them. */
export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (
  app,
  { services },
) => {
  app.get(
    '/me/services',
    {
      schema: {
        tags: ['services'],
        summary: "The caller's services with their prices, in their order (a business only)",
        response: { 200: servicesSchema, ...problems(401, 403) },
      },
    },
    async (request) => services.listOwn(requireActor(request)),
  );

  app.post(
    '/me/services',
    {
      schema: {
        tags: ['services'],
        summary:
          'Add a service at the end of the list: a name, a short description, a price or a range (in minor units, VAT included), a unit and a currency',
        body: serviceBodySchema,
        response: { 201: serviceSchema, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const service = await services.createService(requireActor(request), request.body);
      return reply.code(201).send(service);
    },
  );

  // Before `/me/services/:id`, though the router would prefer the fixed path anyway.
  app.put(
    '/me/services/order',
    {
      schema: {
        tags: ['services'],
        summary: 'Put the services in a new order, naming every one of them once',
        body: orderServicesBodySchema,
        response: { 200: servicesSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => services.orderServices(requireActor(request), request.body.ids),
  );

  app.put(
    '/me/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: "Replace one of the caller's services (another's is a 404)",
        params: serviceParamsSchema,
        body: serviceBodySchema,
        response: { 200: serviceSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) =>
      services.updateService(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/me/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: "Delete one of the caller's services (another's is a 404)",
        params: serviceParamsSchema,
        response: { 204: z.null(), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await services.deleteService(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

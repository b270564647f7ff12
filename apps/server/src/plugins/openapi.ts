import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument, type OpenApiDocument } from './openapi-document.js';

/**
 * The OpenAPI document is generated from the zod schemas every route declares, so it cannot
 * drift from what the server validates. Served at /api/openapi.json, browsable at /api/docs.
 * operationIds, security, answer descriptions and problem media types are filled in one place
 * (openapi-document.ts), so a new route gets them without saying them.
 */
export default fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Maya Market API',
          version: '1.0.0',
          description:
            'Two-sided marketplace API. Errors are RFC 9457 problem details ' +
            '(`application/problem+json`) with a stable `code`; their `type` is a row of ' +
            '/api/errors, which lists every code and its meaning. Sign in with a session cookie ' +
            '(browsers) or an `Authorization: Bearer` token (API clients). JSON answers, problems ' +
            'included, carry `Cache-Control: no-store` unless the operation says otherwise (place ' +
            'suggestions and the error codes may be cached for an hour). A request whose headers or ' +
            'body arrive too slowly is answered `408 REQUEST_TIMEOUT`.',
        },
        servers: [{ url: publicUrl }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'maya_session',
              description:
                'The session cookie set by sign-in. Writes with it also need an `Origin` of this site or an `X-Requested-With` header.',
            },
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'The session token returned by sign-in, for API clients.',
            },
            operatorSession: {
              type: 'apiKey',
              in: 'cookie',
              name: 'maya_operator',
              description:
                'The operator console’s session cookie (POST /api/v1/admin/session, then /session/code), apart from members’ sessions: a member’s cookie or token opens no /admin route. Writes with it also need an `Origin` of this site or an `X-Requested-With` header.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) =>
        finishDocument(jsonSchemaTransformObject(input) as OpenApiDocument) as ReturnType<
          typeof jsonSchemaTransformObject
        >,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiConfig: { url: '/api/openapi.json' },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

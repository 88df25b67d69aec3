import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { docsCsp } from './security-headers.ts';

/** OpenAPI 3.1 generated from the routes' zod schemas, browsable at /docs. Register before any route. */
export const openApi = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Meridian API', description: 'Wealth-management platform API (base /api/v1).', version },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { persistAuthorization: true },
    // Swagger UI's own top bar (a URL box and an 'Explore' button below the contrast minimum) has no use here.
    theme: { css: [{ filename: 'meridian.css', content: '.swagger-ui .topbar { display: none; }' }] },
    // Swagger UI gets its own policy (see docsCsp); the strict app policy stays everywhere else.
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.header('content-security-policy', docsCsp);
        done();
      },
    },
  });
});

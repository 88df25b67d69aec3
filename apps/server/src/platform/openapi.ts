import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { operationIdOf } from './operation-ids.ts';
import { docsCsp } from './security-headers.ts';

/** fastify-type-provider-zod's transform, then the operation's id (see operation-ids.ts), unique across the document. */
function withOperationIds(): SwaggerTransform {
  const owners = new Map<string, string>();
  return (input) => {
    const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const methods = ([] as string[]).concat(input.route.method).filter((method) => method !== 'HEAD');
    if ((schema as { hide?: boolean }).hide || methods.length !== 1) return { schema, url };
    const [method] = methods as [string];
    const path = url.replace(/:(\w+)/g, '{$1}');
    const operationId = operationIdOf(method, path, (schema as { operationId?: string }).operationId);
    const route = `${method} ${path}`;
    const owner = owners.get(operationId) ?? route;
    if (owner !== route) throw new Error(`${route} and ${owner} would share the operationId ${operationId}: name one (operation-ids.ts)`);
    owners.set(operationId, route);
    return { schema: { ...schema, operationId } as typeof schema, url };
  };
}

/** OpenAPI 3.1 generated from the routes' zod schemas, browsable at /docs. Register before any route. */
export const openApi = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Meridian API', description: 'Wealth-management platform API (base /api/v1).', version },
      // Relative: the server that serves this document; every path carries its /api/v1 (or is the root /health).
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: withOperationIds(),
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

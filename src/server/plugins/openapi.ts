import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { openapiDocument } from '../../contract/system.js';

/** /api/openapi.json documents every route from its zod schemas (requests and responses). */
export const openapi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Scoreline API', version: '1.0.0', description: 'Premier League score predictions.' },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get(
      '/api/openapi.json',
      { config: { auth: 'public' }, schema: { hide: true, response: { 200: openapiDocument } } },
      async () => app.swagger(),
    );
  },
  { name: 'openapi' },
);

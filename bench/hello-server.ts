import Fastify from 'fastify';

// The ceiling: a bare Fastify hello-world route, measured in the same run as the app.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });

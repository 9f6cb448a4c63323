import { postgresWorld } from './world-cache.js';
const built = await postgresWorld({ players: 10000, now: '2026-11-23T12:00:00Z' });
console.log('URL', built.url, 'cached', built.cached, (built.ms / 1000).toFixed(1), 's');
await new Promise(() => {});

// The server's entry point: `node dist/server/main.js` (npm start) and `tsx src/server/main.ts`.
// It only prepares the runtime, then loads the server (serve.ts). Nothing else may be imported
// statically here: every package the server loads would run first (decision 0037).
import { widenNextTickShape } from './runtime/next-tick-shape.js';

widenNextTickShape();
await import('./serve.js');

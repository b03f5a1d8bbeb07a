// The SSE reader lives in src/client; this re-export only keeps test/helpers/sse.ts and test/faults/clients.test.ts
// (other owners) compiling until they import src/client/sse.js. Nothing in src imports it.
export * from '../client/sse.js';

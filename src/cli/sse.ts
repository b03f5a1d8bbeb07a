export * from '../client/sse.js';

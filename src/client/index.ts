export { ApiError, NetworkError } from './errors.js';
export { PosClient, type ClientOptions, type RequestOptions } from './http.js';
export {
  SseParser,
  streamEvents,
  type DropCause,
  type SseEvent,
  type StreamOptions,
  type StreamStatus,
} from './sse.js';
export { readChannel, type ChannelOptions } from './events.js';

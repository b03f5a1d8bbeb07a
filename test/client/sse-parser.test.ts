import t from 'tap';
import { SseParser, type SseEvent } from '../../src/client/sse.js';

function parse(chunks: Array<string | Uint8Array>) {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = new SseParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, parser };
}

t.test('parses frames split anywhere, with any line ending', async (t) => {
  const stream =
    'id: 1\nevent: new-order\ndata: {"a":1}\n\n: keep-alive\n\nid: 2\r\nevent: x\r\ndata: line1\r\ndata: line2\r\n\r\ndata: plain\r\r';
  for (const size of [1, 2, 3, 7, 1000]) {
    const chunks = [];
    for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
    const { events, comments } = parse(chunks);
    t.same(
      events,
      [
        { event: 'new-order', data: '{"a":1}', lastEventId: '1' },
        { event: 'x', data: 'line1\nline2', lastEventId: '2' },
        { event: 'message', data: 'plain', lastEventId: '2' },
      ],
      `chunks of ${size}`,
    );
    t.same(comments, ['keep-alive']);
  }
});

t.test('utf-8 split inside a character, id-only frames, fields without space', async (t) => {
  const bytes = new TextEncoder().encode('data:Tiramisù €\n\nid: 42\n\n');
  const { events, parser } = parse([bytes.slice(0, 12), bytes.slice(12, 13), bytes.slice(13)]);
  t.same(events, [{ event: 'message', data: 'Tiramisù €', lastEventId: '' }]);
  t.equal(parser.lastEventId, '42', 'an id-only frame moves the last event id without an event');
});

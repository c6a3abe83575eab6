import { describe, expect, it } from 'vitest';
import { readServerEvents, type ServerEvent } from './sse-reader';

const streamOf = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('readServerEvents', () => {
  it('reads named events split across chunks, ignores comments and joins multi-line data', async () => {
    const events: ServerEvent[] = [];
    await readServerEvents(
      streamOf(['retry: 3000\n\n: ping\n\nevent: bal', 'ance\ndata: {"a":1}\r', '\n\r\ndata: x\ndata: y\n\n', 'event: lost\n']),
      (event) => events.push(event),
    );
    expect(events).toEqual([
      { event: 'balance', data: '{"a":1}' },
      { event: 'message', data: 'x\ny' },
    ]);
  });
});

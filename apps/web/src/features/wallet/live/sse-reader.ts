export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body (the server-sent events format of the HTML standard) and calls `onEvent` for
 * each complete event. Written over `response.body` because EventSource cannot send the Authorization header.
 * Resolves when the stream ends.
 */
export async function readServerEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ServerEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let name = '';
  let data: string[] = [];
  const handleLine = (line: string) => {
    if (line === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
      if (end === -1 || (buffer[end] === '\r' && end === buffer.length - 1)) break;
      const width = buffer.startsWith('\r\n', end) ? 2 : 1;
      handleLine(buffer.slice(0, end));
      buffer = buffer.slice(end + width);
    }
  }
}

import net from 'node:net';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * What is wrong with an answer, or null: a 5xx, or a body that is not the envelope (an event stream, which a call may
 * open, is the one other answer).
 */
export function problemWith(answer: Answer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.contentType.startsWith('text/event-stream')) return null;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return `status ${answer.status}, not JSON: ${answer.body.slice(0, 200)}`;
  }
  const envelope =
    typeof json === 'object' &&
    json !== null &&
    typeof json.success === 'boolean' &&
    typeof json.code === 'string' &&
    typeof json.message === 'string' &&
    'value' in json;
  if (!envelope) return `status ${answer.status}, not an envelope: ${answer.body.slice(0, 200)}`;
  if (answer.status >= 400 && json.success !== false) return `status ${answer.status} with success true`;
  return null;
}

/**
 * Writes bytes to the server as they are (no client library tidies them up) and reads the answer until the server
 * closes the connection: a request the server would keep open says `Connection: close`.
 */
export function rawExchange(port: number, request: string, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      // A reset after the answer was written still leaves the answer to read.
      if (chunks.length) resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
    });
    // Not end(): Node drops the answer to a request whose client half-closed before the answer was ready.
    socket.write(request);
  });
}

function parseAnswer(text: string): Answer {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  let body = split < 0 ? '' : text.slice(split + 4);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = new Map(
    headerLines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  if (headers.get('transfer-encoding') === 'chunked') body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1] ?? 0), contentType: headers.get('content-type') ?? '', body };
}

function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd < 0) return out;
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

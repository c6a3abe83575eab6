export interface SeenEvent {
  event: string;
  data: string;
}

/**
 * Opens a server-sent events stream with fetch (as the web app does) and lets a test wait for events by name.
 * Parsing is deliberately minimal: the server writes one `event:` and one `data:` line per event.
 */
export async function readServerEventsForTest(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const events: SeenEvent[] = [];
  const waiters: (() => void)[] = [];
  const consumed = new Set<number>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== undefined && data !== undefined) events.push({ event, data });
          for (const wake of waiters.splice(0)) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    /** The data of the first not yet consumed event with this name, in any order with other names (waits up to 5 s). */
    async next(name: string, timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((event, i) => !consumed.has(i) && event.event === name);
        if (index !== -1) {
          consumed.add(index);
          return events[index]?.data ?? '';
        }
        if (Date.now() > deadline) throw new Error(`no ${name} event; saw ${events.map((e) => e.event).join(', ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    seen: () => [...events],
    close: () => controller.abort(),
  };
}

import type { ChatMessage } from '@tessera/contract/api/chat';
import { CHAT_FRAMES } from '@tessera/contract/routes/chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChatFrame, ChatLink, type ChatLinkState } from '../../lib/chat-link';
import { staffSession } from '../../lib/session';

export interface ConsoleEvents {
  onQueue: () => void;
  onMessage: (message: ChatMessage) => void;
  onTyping: () => void;
  onPlayerRead: (upToId: string) => void;
}

/**
 * The console's chat socket: told of every change of the queue, and of the messages, typing and read receipts of
 * the chat on screen (`watching`), resumed after its last message id on every reconnection.
 */
export function useConsoleLink(watching: { id: string; lastId: () => string } | null, events: ConsoleEvents) {
  const [state, setState] = useState<ChatLinkState>('connecting');
  const link = useRef<ChatLink | null>(null);
  const latest = useRef({ watching, events });
  latest.current = { watching, events };

  const watch = useCallback(() => {
    const current = latest.current.watching;
    if (current) link.current?.send({ type: CHAT_FRAMES.watch, conversationId: current.id, after: current.lastId() });
  }, []);

  useEffect(() => {
    const chatLink = new ChatLink({
      origin: window.location.origin,
      hello: () => ({ role: 'staff', token: staffSession.get().token ?? '' }),
      onState: setState,
      onFrame: (frame: ChatFrame) => {
        const { events: on, watching: current } = latest.current;
        if (frame.type === CHAT_FRAMES.ready) watch();
        else if (frame.type === CHAT_FRAMES.queue) on.onQueue();
        else if (frame.type === CHAT_FRAMES.message) {
          const message = frame.message as ChatMessage;
          if (message.conversationId === current?.id) on.onMessage(message);
        } else if (frame.type === CHAT_FRAMES.typing) on.onTyping();
        else if (frame.type === CHAT_FRAMES.read && frame.by === 'player') on.onPlayerRead(String(frame.upToId));
      },
    });
    link.current = chatLink;
    chatLink.start();
    return () => {
      chatLink.stop();
      link.current = null;
    };
  }, [watch]);

  const watchingId = watching?.id;
  useEffect(() => {
    if (watchingId) watch();
  }, [watchingId, watch]);

  return { state, typing: () => link.current?.send({ type: CHAT_FRAMES.typing }) };
}

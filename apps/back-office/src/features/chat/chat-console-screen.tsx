import type { ChatMessage, ConsoleConversation } from '@tessera/contract/api/chat';
import * as routes from '@tessera/contract/routes/chat';
import {
  CHAT_IMAGE_FIELD,
  CHAT_IMAGE_LIMITS,
  CHAT_MESSAGE_MAX,
  CHAT_STATES,
  type ChatState,
} from '@tessera/contract/routes/chat';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { ChatPictureViewer, ChatThumbnail } from './chat-picture';
import { type ConsoleEvents, useConsoleLink } from './use-console-link';

/** What the chat on screen hears from the console's socket, and the last message id it holds. */
interface PaneHandle extends Omit<ConsoleEvents, 'onQueue'> {
  onQueue: () => void;
  lastId: () => string;
}

const DUTY_RENEW_MS = 60_000;
const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2000;

const byId = (a: ChatMessage, b: ChatMessage) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/** Support's live chat: the queue by state (VIP first), a transcript search, and the chat on screen answered live. */
export function ChatConsoleScreen() {
  const { t } = useTranslation();
  const [state, setState] = useState<ChatState>('waiting');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [onDuty, setOnDuty] = useState(false);
  const [dutyCount, setDutyCount] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const searchId = useId();
  const query = search.trim().length >= 2 ? { q: search.trim() } : { state };
  const list = useCall(routes.consoleList, query);
  const invalidate = useInvalidate();
  const queueTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const renew = () =>
      apiCall(routes.consoleDuty, { body: { onDuty } })
        .then((answer) => setDutyCount(answer.onDuty))
        .catch(setError);
    void renew();
    if (!onDuty) return;
    const timer = setInterval(renew, DUTY_RENEW_MS);
    return () => clearInterval(timer);
  }, [onDuty]);

  const pane = useRef<PaneHandle | null>(null);
  const link = useConsoleLink(selected ? { id: selected, lastId: () => pane.current?.lastId() ?? '0' } : null, {
    onQueue: () => {
      if (queueTimer.current) clearTimeout(queueTimer.current);
      queueTimer.current = setTimeout(() => void invalidate(routes.consoleList), 300);
      pane.current?.onQueue();
    },
    onMessage: (message) => pane.current?.onMessage(message),
    onTyping: () => pane.current?.onTyping(),
    onPlayerRead: (upToId) => pane.current?.onPlayerRead(upToId),
  });

  return (
    <section aria-labelledby="chat-title" className="chat-console">
      <h1 id="chat-title">{t('chat.title')}</h1>
      <p className="lead">{t('chat.intro')}</p>
      <div className="chat-toolbar">
        <label className="chat-duty">
          <input type="checkbox" checked={onDuty} onChange={(event) => setOnDuty(event.target.checked)} />
          {t('chat.on_duty')}
        </label>
        {dutyCount !== null && <span className="muted">{t('chat.on_duty_count', { count: dutyCount })}</span>}
      </div>
      {error !== null && <ErrorNotice error={error} />}
      <div className="chat-layout">
        <div className="chat-queue">
          <div className="chat-tabs" role="tablist" aria-label={t('chat.states')}>
            {CHAT_STATES.map((option) => (
              <button
                key={option}
                type="button"
                role="tab"
                aria-selected={state === option && query.q === undefined}
                className={`btn btn-small${state === option ? ' btn-primary' : ''}`}
                onClick={() => {
                  setSearch('');
                  setState(option);
                }}
              >
                {t(`chat.state_${option}`)}
              </button>
            ))}
          </div>
          <div className="field">
            <label htmlFor={searchId}>{t('chat.search')}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {list.isPending && <Loading />}
          {list.error && <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />}
          {list.data?.length === 0 && <Empty>{t('chat.none')}</Empty>}
          <ul className="chat-list" aria-label={t('chat.conversations')}>
            {list.data?.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  className={`chat-item${selected === conversation.id ? ' selected' : ''}`}
                  aria-current={selected === conversation.id}
                  onClick={() => setSelected(conversation.id)}
                >
                  <span className="chat-item-name">
                    {conversation.name}
                    {conversation.queue === 'vip' && <span className="badge">{t('chat.vip')}</span>}
                    {!conversation.member && <span className="badge badge-muted">{t('chat.visitor')}</span>}
                    {conversation.unread > 0 && (
                      <span className="badge badge-alert">{t('chat.unread', { count: conversation.unread })}</span>
                    )}
                  </span>
                  <span className="chat-item-last">
                    {conversation.lastIsImage && !conversation.lastMessage
                      ? t('chat.last_picture')
                      : (conversation.lastMessage ?? t('chat.no_messages'))}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        {selected ? (
          <ConversationPane key={selected} id={selected} handle={pane} linkReady={link.state === 'ready'} typing={link.typing} />
        ) : (
          <p className="chat-pane muted">{t('chat.pick')}</p>
        )}
      </div>
    </section>
  );
}

function ConversationPane({
  id,
  handle,
  linkReady,
  typing: sendTyping,
}: {
  id: string;
  handle: { current: PaneHandle | null };
  linkReady: boolean;
  typing: () => void;
}) {
  const { t } = useTranslation();
  const transcript = useCall(routes.consoleTranscript, { id });
  const canned = useCall(routes.cannedList);
  const invalidate = useInvalidate();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [conversation, setConversation] = useState<ConsoleConversation | null>(null);
  const [playerReadId, setPlayerReadId] = useState('0');
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [newCanned, setNewCanned] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastId = useRef('0');
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTypingSent = useRef(0);
  const draftId = useId();
  const cannedId = useId();
  const list = useRef<HTMLOListElement>(null);

  const add = useCallback((incoming: ChatMessage[]) => {
    setMessages((current) => {
      const seen = new Set(current.map((message) => message.id));
      const fresh = incoming.filter((message) => !seen.has(message.id));
      if (fresh.length === 0) return current;
      const next = [...current, ...fresh].sort(byId);
      lastId.current = next[next.length - 1]?.id ?? lastId.current;
      return next;
    });
  }, []);

  useEffect(() => {
    if (!transcript.data) return;
    add(transcript.data.messages);
    setConversation(transcript.data.conversation);
    setPlayerReadId(transcript.data.conversation.playerReadId);
  }, [transcript.data, add]);

  handle.current = {
    lastId: () => lastId.current,
    onQueue: () => void invalidate(routes.consoleTranscript),
    onMessage: (message) => {
      add([message]);
      if (message.sender === 'player') setTyping(false);
    },
    onTyping: () => {
      setTyping(true);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    },
    onPlayerRead: setPlayerReadId,
  };
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  const lastPlayerId = [...messages].reverse().find((message) => message.sender === 'player')?.id;
  const reported = useRef('0');
  useEffect(() => {
    if (!lastPlayerId || BigInt(lastPlayerId) <= BigInt(reported.current)) return;
    reported.current = lastPlayerId;
    apiCall(routes.consoleRead, { body: { id, upToId: lastPlayerId } }).catch(() => undefined);
  }, [id, lastPlayerId]);

  const count = messages.length;
  useEffect(() => {
    if (count > 0) list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [count]);

  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    void act(async () => {
      add([await apiCall(routes.consoleSend, { body: { id, body } })]);
      setDraft('');
    });
  };

  const attach = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    // The server decides by the bytes; these checks only spare a long upload that would be refused.
    if (!(CHAT_IMAGE_LIMITS.types as readonly string[]).includes(file.type)) {
      return setError(new ApiError('chat.image.type', 'errors.chat_image_type', 400));
    }
    if (file.size > CHAT_IMAGE_LIMITS.maxBytes) {
      return setError(new ApiError('chat.image.too.large', 'errors.chat_image_too_large', 413));
    }
    const form = new FormData();
    form.append(CHAT_IMAGE_FIELD, file);
    void act(async () => add([await apiCall(routes.consoleSendImage, { query: { id }, form })]));
  };

  if (transcript.isPending) return <Loading />;
  if (transcript.error) return <ErrorNotice error={transcript.error} onRetry={() => void transcript.refetch()} />;
  const lastStaff = [...messages].reverse().find((message) => message.sender === 'staff');
  const seen = lastStaff !== undefined && BigInt(playerReadId) >= BigInt(lastStaff.id);

  return (
    <div className="chat-pane" data-testid="chat-pane">
      <header className="chat-pane-head">
        <h2>{conversation?.name}</h2>
        <span className="muted">
          {conversation && t(`chat.state_${conversation.state}`)}
          {conversation?.staffName ? ` · ${conversation.staffName}` : ''}
          {linkReady ? '' : ` · ${t('chat.reconnecting')}`}
        </span>
        <div className="actions">
          {conversation?.state !== 'open' && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => void act(() => apiCall(routes.consoleAssign, { body: { id } }))}
            >
              {t('chat.take')}
            </button>
          )}
          {conversation?.state !== 'closed' && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => void act(() => apiCall(routes.consoleClose, { body: { id } }))}
            >
              {t('chat.close')}
            </button>
          )}
        </div>
      </header>
      {viewing !== null && <ChatPictureViewer id={id} messageId={viewing} onClose={() => setViewing(null)} />}
      <ol ref={list} hidden={viewing !== null} className="chat-messages" aria-label={t('chat.transcript')} aria-live="polite">
        {messages.map((message) => (
          <li key={message.id} className={`chat-bubble ${message.sender}`} data-sender={message.sender}>
            <span className="chat-meta">
              {message.sender === 'staff' ? message.staffName : conversation?.name} · {formatTime(message.at)}
            </span>
            {message.image && (
              <ChatThumbnail id={id} messageId={message.id} image={message.image} onOpen={() => setViewing(message.id)} />
            )}
            {message.body !== '' && <p>{message.body}</p>}
          </li>
        ))}
      </ol>
      <p className="chat-status muted" aria-live="polite">
        {typing ? t('chat.player_typing') : seen ? t('chat.seen') : ''}
      </p>
      {error !== null && <ErrorNotice error={error} />}
      <form className="chat-reply" onSubmit={send}>
        <div className="field">
          <label htmlFor={cannedId}>{t('chat.canned')}</label>
          <select
            id={cannedId}
            value=""
            onChange={(event) => {
              const reply = canned.data?.find((entry) => entry.id === event.target.value);
              if (reply) setDraft(reply.body);
            }}
          >
            <option value="">{t('chat.canned_pick')}</option>
            {canned.data?.map((reply) => (
              <option key={reply.id} value={reply.id}>
                {reply.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={draftId}>{t('chat.reply')}</label>
          <textarea
            id={draftId}
            rows={3}
            maxLength={CHAT_MESSAGE_MAX}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              const now = Date.now();
              if (now - lastTypingSent.current >= TYPING_SENT_EVERY_MS) {
                lastTypingSent.current = now;
                sendTyping();
              }
            }}
          />
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy || draft.trim() === ''}>
            {t('chat.send')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={CHAT_IMAGE_LIMITS.types.join(',')}
            hidden
            data-testid="console-image-input"
            onChange={(event) => attach(event.target.files?.[0])}
          />
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => fileInput.current?.click()}>
            {t('chat.attach')}
          </button>
          <button type="button" className="btn btn-small" disabled={draft.trim() === ''} onClick={() => setNewCanned(true)}>
            {t('chat.save_canned')}
          </button>
        </div>
      </form>
      {newCanned && (
        <SaveCanned
          body={draft.trim()}
          onDone={() => {
            setNewCanned(false);
            void invalidate(routes.cannedList);
          }}
        />
      )}
    </div>
  );
}

function SaveCanned({ body, onDone }: { body: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<unknown>(null);
  const titleId = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await apiCall(routes.cannedAdd, { body: { title: title.trim(), body } });
      onDone();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="chat-reply" onSubmit={(event) => void save(event)}>
      <div className="field">
        <label htmlFor={titleId}>{t('chat.canned_title')}</label>
        <input id={titleId} value={title} maxLength={60} onChange={(event) => setTitle(event.target.value)} />
      </div>
      {error !== null && <ErrorNotice error={error} />}
      <button type="submit" className="btn btn-small" disabled={title.trim() === ''}>
        {t('chat.canned_save')}
      </button>
    </form>
  );
}

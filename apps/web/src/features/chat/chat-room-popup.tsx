import type { ChatMessage } from '@tessera/contract/api/chat';
import { CHAT_IMAGE_LIMITS, CHAT_MESSAGE_MAX } from '@tessera/contract/routes/chat';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useSystemStatus } from '../../lib/system-status';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { ChatPictureViewer, ChatThumbnail } from './chat-picture';
import { useChatRoom } from './use-chat-room';

const timeOf = (message: ChatMessage) => formatDateTime(message.at).slice(11, 16);

/**
 * Spec §2.3 chat room: live chat with support, for members (named by their account) and visitors (resumed by the
 * key their browser keeps). The header takes the product config's chat colour; while nobody is on duty the
 * messages are left as a ticket, answered here later.
 */
export function ChatRoomPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { product } = useSystemStatus();
  const room = useChatRoom();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const header = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);

  // The colour is a runtime setting: set through the CSSOM, as the CSP refuses style attributes.
  useEffect(() => {
    if (header.current) header.current.style.backgroundColor = product.chatHeaderColor;
  }, [product.chatHeaderColor]);

  const count = room.messages.length;
  useEffect(() => {
    if (count > 0 && viewing === null) list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [count, viewing]);

  const closeViewer = () => {
    const shown = viewing;
    setViewing(null);
    // Back to the conversation, the focus returns to the picture that was opened.
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLButtonElement>(`[data-message="${shown}"] [data-testid="chat-thumbnail"]`)?.focus(),
    );
  };

  const attach = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file || sending) return;
    setSendError(null);
    // The server decides by the bytes; these checks only spare a player a long upload that would be refused.
    if (!(CHAT_IMAGE_LIMITS.types as readonly string[]).includes(file.type)) return setSendError(t('errors.chat_image_type'));
    if (file.size > CHAT_IMAGE_LIMITS.maxBytes) return setSendError(t('errors.chat_image_too_large'));
    setSending(true);
    try {
      await room.sendImage(file);
    } catch (error) {
      setSendError(t(errorMessageKey(error)));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || sending) return;
    setSending(true);
    setSendError(null);
    try {
      await room.send(body);
      setDraft('');
    } catch (error) {
      setSendError(t(errorMessageKey(error)));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  const lastOwn = [...room.messages].reverse().find((message) => message.sender === 'player');
  const seen = lastOwn !== undefined && BigInt(room.staffReadId) >= BigInt(lastOwn.id);
  const ticket = room.opened !== null && (room.opened.state === 'ticket' || !room.opened.onDuty);

  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('chat.title')}
      hideTitle
      closeLabel={t('modal.close')}
      width={440}
      height={620}
    >
      <div className="flex h-full min-h-0 flex-col" data-testid="chat-room">
        <div ref={header} className="-mx-6 -mt-6 mb-3 rounded-t-xl px-6 py-4 text-white">
          <h2 className="text-lg font-semibold">{t('chat.title')}</h2>
          <p className="text-sm text-white/90" aria-live="polite">
            {room.link === 'ready'
              ? t('chat.connected')
              : room.link === 'offline'
                ? t('chat.reconnecting')
                : t('chat.connecting')}
          </p>
        </div>
        {room.failed !== null && (
          <p role="alert" className="rounded-lg bg-rose-500/15 p-3 text-sm text-rose-200">
            {t(errorMessageKey(room.failed))}
          </p>
        )}
        {room.failed === null && room.opened === null && (
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
            <span className="sr-only">{t('chat.loading')}</span>
          </div>
        )}
        {room.opened !== null && (
          <>
            {ticket && (
              <p className="mb-2 rounded-lg bg-amber-400/10 p-3 text-sm text-amber-200" data-testid="chat-offline">
                {t('chat.offline')}
              </p>
            )}
            {viewing !== null && <ChatPictureViewer load={room.loadImage} messageId={viewing} onClose={closeViewer} />}
            <ol
              ref={list}
              hidden={viewing !== null}
              className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto py-2"
              aria-label={t('chat.messages')}
              aria-live="polite"
            >
              {room.messages.length === 0 && <li className="text-center text-sm text-slate-400">{t('chat.empty')}</li>}
              {room.messages.map((message) => (
                <li
                  key={message.id}
                  className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${message.sender === 'player' ? 'self-end bg-amber-400 text-slate-950' : 'self-start bg-slate-800 text-slate-100'}`}
                  data-sender={message.sender}
                  data-message={message.id}
                >
                  <span className="sr-only">{message.sender === 'player' ? t('chat.you') : t('chat.support')}: </span>
                  {message.image && (
                    <ChatThumbnail
                      load={room.loadImage}
                      messageId={message.id}
                      image={message.image}
                      onOpen={() => setViewing(message.id)}
                    />
                  )}
                  {message.body !== '' && <p className="break-words whitespace-pre-wrap">{message.body}</p>}
                  <p className="mt-1 text-right text-xs opacity-70">{timeOf(message)}</p>
                </li>
              ))}
            </ol>
            <div className="min-h-5 text-xs text-slate-400" aria-live="polite">
              {room.staffTyping ? t('chat.staff_typing') : seen ? t('chat.seen') : ''}
            </div>
            <form className="mt-2 flex items-end gap-2" onSubmit={submit} hidden={viewing !== null}>
              <input
                ref={fileInput}
                type="file"
                accept={CHAT_IMAGE_LIMITS.types.join(',')}
                hidden
                data-testid="chat-image-input"
                onChange={(event) => void attach(event.target.files?.[0])}
              />
              <Button
                variant="secondary"
                className="px-3"
                disabled={sending}
                onClick={() => fileInput.current?.click()}
                aria-label={t('chat.attach')}
                title={t('chat.attach')}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <rect x="3" y="5" width="18" height="14" rx="2" />
                  <circle cx="9" cy="10" r="2" />
                  <path d="m21 16-5-5-9 8" />
                </svg>
              </Button>
              <label className="sr-only" htmlFor="chat-draft">
                {t('chat.message_label')}
              </label>
              <textarea
                id="chat-draft"
                className="min-h-11 flex-1 resize-none rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-sm text-slate-100"
                rows={2}
                maxLength={CHAT_MESSAGE_MAX}
                value={draft}
                placeholder={t('chat.placeholder')}
                onChange={(event) => {
                  setDraft(event.target.value);
                  room.typing();
                }}
                onKeyDown={onKeyDown}
              />
              <Button type="submit" disabled={sending || draft.trim() === ''}>
                {t('chat.send')}
              </Button>
            </form>
            {sendError && (
              <p role="alert" className="mt-1 text-xs text-rose-300">
                {sendError}
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

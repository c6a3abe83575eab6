import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@tessera/contract/api/inbox';
import type { MemberNotification } from '@tessera/contract/api/notifications';
import { formatMinor, localDigits } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { unreadCountQuery } from '../../../lib/inbox-unread';
import { useSession } from '../../../lib/session';
import { useSystemStatus } from '../../../lib/system-status';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ListStates } from '../../../ui/list-page/list-states';
import { SafeHtml } from '../../../ui/safe-html';
import {
  deleteMessages,
  MESSAGES_PAGE_SIZE,
  markMessagesRead,
  markNotificationsRead,
  messagesQuery,
  notificationsQuery,
} from '../api/inbox-calls';

const cardClass = 'rounded-xl border border-slate-700 bg-slate-900/60';

/** After a read or delete: the count the server answered shows at once, and every inbox query reads again. */
function useInboxChange() {
  const client = useQueryClient();
  const token = useSession((state) => state.token);
  return (answer: { unread: number }) => {
    client.setQueryData(unreadCountQuery(token).queryKey, answer.unread);
    void client.invalidateQueries({ queryKey: ['inbox', 'list'] });
  };
}

function MessageItem({ message }: { message: InboxMessage }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const bodyId = useId();
  const changed = useInboxChange();
  const read = useMutation({ mutationFn: () => markMessagesRead([message.id]), onSuccess: changed });
  const remove = useMutation({ mutationFn: () => deleteMessages([message.id]), onSuccess: changed });
  const toggle = () => {
    setOpen((was) => !was);
    if (!message.read && !read.isPending) read.mutate();
  };
  const failed = read.error ?? remove.error;
  return (
    <li className={cardClass} data-testid="inbox-message">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={bodyId}
        onClick={toggle}
        className="flex w-full items-start gap-3 rounded-xl px-4 py-3 text-start hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2 shrink-0 rounded-full ${message.read ? 'bg-transparent' : 'bg-rose-500'}`}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={`break-words ${message.read ? 'text-slate-300' : 'font-semibold text-slate-50'}`}>
            {message.title}
            {!message.read && <span className="sr-only"> ({t('inbox.unread_mark')})</span>}
          </span>
          <span className="text-xs text-slate-400">{formatDateTime(message.createdAt)}</span>
        </span>
      </button>
      {isOpen && (
        <div id={bodyId} className="flex flex-col gap-3 border-t border-slate-800 px-4 py-3">
          <SafeHtml html={message.content} className="text-sm text-slate-200" />
          {message.expiresAt !== null && (
            <p className="text-xs text-slate-500">{t('inbox.expires', { time: formatDateTime(message.expiresAt) })}</p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t('inbox.delete')}
            </Button>
            {failed && (
              <p role="alert" className="text-sm text-rose-300">
                {t(errorMessageKey(failed))}
              </p>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

function Messages() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(messagesQuery(page, i18n.language));
  return (
    <ListStates
      query={query}
      isEmpty={(data) => data.list.length === 0 && page === 1}
      empty={<EmptyState title={t('inbox.empty_title')} text={t('inbox.empty_text')} />}
    >
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.total / MESSAGES_PAGE_SIZE));
        return (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-400" data-testid="inbox-summary">
              {t('inbox.summary', {
                total: localDigits(String(data.total), i18n.language),
                unread: localDigits(String(data.unread), i18n.language),
              })}
            </p>
            <ul className="flex flex-col gap-2">
              {data.list.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={t('inbox.pages')} className="flex items-center justify-center gap-3">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('inbox.previous')}
                </Button>
                <span className="text-sm text-slate-300">
                  {t('inbox.page_of', {
                    page: localDigits(String(page), i18n.language),
                    pages: localDigits(String(pages), i18n.language),
                  })}
                </span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('inbox.next')}
                </Button>
              </nav>
            )}
          </div>
        );
      }}
    </ListStates>
  );
}

const notificationKey = (type: MemberNotification['type']) => `notifications.type.${type.replace('.', '_')}` as ParseKeys;

function Notifications() {
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  const client = useQueryClient();
  const query = useQuery(notificationsQuery());
  const readAll = useMutation({
    mutationFn: (upToId: string) => markNotificationsRead(upToId),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
  });
  return (
    <ListStates
      query={query}
      isEmpty={(data) => data.list.length === 0}
      empty={<EmptyState title={t('inbox.notifications_empty')} />}
    >
      {(data) => (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-400">
              {t('inbox.notifications_unread', { count: localDigits(String(data.unread), i18n.language) })}
            </p>
            {data.unread > 0 && data.list[0] && (
              <Button variant="secondary" disabled={readAll.isPending} onClick={() => readAll.mutate(data.list[0]?.id ?? '')}>
                {t('inbox.mark_all_read')}
              </Button>
            )}
          </div>
          {readAll.error && (
            <p role="alert" className="text-sm text-rose-300">
              {t(errorMessageKey(readAll.error))}
            </p>
          )}
          <ul className="flex flex-col gap-2">
            {data.list.map((notification) => {
              const amount = typeof notification.payload.amountMinor === 'string' ? notification.payload.amountMinor : '0';
              return (
                <li
                  key={notification.id}
                  data-testid="notification-item"
                  className={`${cardClass} flex items-start gap-3 px-4 py-3`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-rose-500'}`}
                  />
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <p className={`text-sm break-words ${notification.read ? 'text-slate-300' : 'font-semibold text-slate-50'}`}>
                      {t(notificationKey(notification.type), {
                        amount: `${product.currency.symbol} ${formatMinor(amount, product.currency.minorDigits, i18n.language)}`,
                        reason: typeof notification.payload.reason === 'string' ? notification.payload.reason : '',
                      })}
                      {!notification.read && <span className="sr-only"> ({t('inbox.unread_mark')})</span>}
                    </p>
                    <p className="text-xs text-slate-400">{formatDateTime(notification.createdAt)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </ListStates>
  );
}

const TABS = [
  { key: 'messages', label: 'inbox.tab_messages' },
  { key: 'notifications', label: 'inbox.tab_notifications' },
] as const satisfies readonly { key: string; label: ParseKeys }[];

/**
 * The members centre's "platform information" (messageV2): the operator's messages, read and deleted here, and
 * the notification centre, where deposit and withdrawal notifications stay after their toast is gone.
 */
export default function PlatformInformationPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('messages');
  const baseId = useId();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-slate-100">{t('inbox.title')}</h2>
      <div role="tablist" aria-label={t('inbox.title')} className="flex gap-2 border-b border-slate-800">
        {TABS.map((entry) => (
          <button
            key={entry.key}
            type="button"
            role="tab"
            id={`${baseId}-${entry.key}`}
            aria-selected={tab === entry.key}
            aria-controls={`${baseId}-${entry.key}-panel`}
            onClick={() => setTab(entry.key)}
            className={`-mb-px min-h-10 border-b-2 px-3 text-sm font-semibold ${tab === entry.key ? 'border-amber-400 text-amber-300' : 'border-transparent text-slate-400 hover:text-slate-200'}`}
          >
            {t(entry.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}`}>
        {tab === 'messages' ? <Messages /> : <Notifications />}
      </div>
    </div>
  );
}

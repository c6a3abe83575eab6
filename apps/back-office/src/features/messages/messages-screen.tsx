import type { BodyOf } from '@tessera/contract/api/call-types';
import type { FieldError } from '@tessera/contract/envelope';
import * as routes from '@tessera/contract/routes/back-office-messages';
import { MESSAGE_ACCOUNTS_MAX, MESSAGE_AUDIENCES } from '@tessera/contract/routes/back-office-messages';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { Pager } from '../../ui/pager';
import { DoneNotice, ErrorNotice } from '../../ui/states';

type Audience = (typeof MESSAGE_AUDIENCES)[number];
type MessageBody = BodyOf<typeof routes.messageSend>;
const PAGE_SIZES = [25, 50, 100] as const;
const LANGUAGES = ['en', 'bn'] as const;

/** The fields the server refuses a message for, each with its one reason worded here in the language shown. */
const REFUSED_FIELDS = new Set(['texts', 'expiresAt', 'accounts', 'vipLevel', 'agentAccount']);

/** Accounts typed one per line or separated by commas or spaces. */
const accountsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

function TextArea({ label, name, rows = 3, hint }: { label: string; name: string; rows?: number; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} rows={rows} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

function SendForm({ onSent }: { onSent: (recipients: number | null) => void }) {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<Audience>('members');
  const [error, setError] = useState<unknown>(null);
  const [isSending, setSending] = useState(false);
  const audienceId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const texts: MessageBody['texts'] = {};
    for (const language of LANGUAGES) {
      const title = value(`title-${language}`);
      if (title) texts[language] = { title, content: value(`content-${language}`) };
    }
    const expires = value('expiresAt');
    const body: MessageBody = {
      audience,
      texts,
      ...(audience === 'members' ? { accounts: accountsOf(value('accounts')) } : {}),
      ...(audience === 'vip' ? { vipLevel: Number(value('vipLevel') || '0') } : {}),
      ...(audience === 'downline' ? { agentAccount: value('agentAccount') } : {}),
      ...(expires ? { expiresAt: new Date(expires).getTime() } : {}),
    };
    setError(null);
    setSending(true);
    try {
      const sent = await apiCall(routes.messageSend, { body });
      formElement.reset();
      onSent(sent.recipients);
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };

  const fieldErrors = error instanceof ApiError ? error.fields : [];
  const refusalText = (field: FieldError) => {
    const name = field.field.replace('body/', '');
    return REFUSED_FIELDS.has(name)
      ? t(`messages.refused.${name}`)
      : `${name}: ${String(field.params?.reason ?? t('errors.request_invalid'))}`;
  };
  return (
    <form className="card" onSubmit={(event) => void submit(event)} aria-labelledby="send-title" data-testid="message-form">
      <h2 id="send-title">{t('messages.send_title')}</h2>
      <div className="field">
        <label htmlFor={audienceId}>{t('messages.audience')}</label>
        <select id={audienceId} value={audience} onChange={(event) => setAudience(event.target.value as Audience)}>
          {MESSAGE_AUDIENCES.map((option) => (
            <option key={option} value={option}>
              {t(`messages.audience_${option}`)}
            </option>
          ))}
        </select>
      </div>
      {audience === 'members' && (
        <TextArea
          label={t('messages.accounts')}
          name="accounts"
          hint={t('messages.accounts_hint', { max: MESSAGE_ACCOUNTS_MAX })}
        />
      )}
      {audience === 'vip' && (
        <Field label={t('messages.vip_level')} name="vipLevel" type="number" min={0} max={100} defaultValue={0} />
      )}
      {audience === 'downline' && <Field label={t('messages.agent_account')} name="agentAccount" autoComplete="off" />}
      {LANGUAGES.map((language) => (
        <fieldset key={language}>
          <legend>{t(`messages.language_${language}`)}</legend>
          <Field label={t('messages.title')} name={`title-${language}`} maxLength={200} />
          <TextArea label={t('messages.content')} name={`content-${language}`} rows={5} hint={t('messages.content_hint')} />
        </fieldset>
      ))}
      <Field label={t('messages.expires')} name="expiresAt" type="datetime-local" hint={t('messages.expires_hint')} />
      {error !== null && <ErrorNotice error={error} />}
      {fieldErrors.length > 0 && (
        <ul className="notice notice-error">
          {fieldErrors.map((field) => (
            <li key={`${field.field}-${String(field.params?.reason)}`}>{refusalText(field)}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn btn-primary" disabled={isSending}>
        {t('messages.send')}
      </button>
    </form>
  );
}

/** Messages to players' inboxes: sent to named players, a VIP level, an agent's downline or everyone; withdrawn. */
export function MessagesScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<(typeof PAGE_SIZES)[number]>(25);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = useCall(routes.messageList, { page, pageSize });
  const invalidate = useInvalidate();

  const withdraw = async (id: string) => {
    setError(null);
    setDone(null);
    try {
      await apiCall(routes.messageWithdraw, { body: { id } });
      setDone(t('messages.withdrawn'));
      await invalidate(routes.messageList);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">{t('nav.messages')}</h1>
      <p className="lead">{t('messages.intro')}</p>
      <SendForm
        onSent={(recipients) => {
          setDone(recipients === null ? t('messages.sent_audience') : t('messages.sent_named', { count: recipients }));
          void invalidate(routes.messageList);
        }}
      />
      {done && <DoneNotice>{done}</DoneNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <h2>{t('messages.sent_title')}</h2>
      <QueryView query={list} isEmpty={(data) => data.items.length === 0} empty={t('messages.empty')}>
        {(data) => (
          <>
            <DataTable
              caption={t('messages.sent_title')}
              busy={list.isPlaceholderData}
              head={
                <>
                  <th scope="col">{t('messages.sent_at')}</th>
                  <th scope="col">{t('messages.title')}</th>
                  <th scope="col">{t('messages.audience')}</th>
                  <th scope="col">{t('messages.read_by')}</th>
                  <th scope="col">{t('messages.expires')}</th>
                  <th scope="col">{t('messages.sent_by')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('messages.actions')}</span>
                  </th>
                </>
              }
            >
              {data.items.map((message) => (
                <tr key={message.id}>
                  <td>{formatTime(message.createdAt)}</td>
                  <td>{message.titles.en ?? Object.values(message.titles)[0]}</td>
                  <td>
                    {t(`messages.audience_${message.audience}`)}
                    {message.audience === 'vip' && ` VIP${message.vipLevel}`}
                    {message.audience === 'downline' && ` ${message.agentAccount}`}
                    {message.recipients !== null && ` (${message.recipients})`}
                  </td>
                  <td>{message.read}</td>
                  <td>{message.expiresAt === null ? '–' : formatTime(message.expiresAt)}</td>
                  <td>{message.sentBy}</td>
                  <td>
                    {message.withdrawn ? (
                      <span className="badge">{t('messages.is_withdrawn')}</span>
                    ) : (
                      <button type="button" className="btn btn-danger" onClick={() => void withdraw(message.id)}>
                        {t('messages.withdraw')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager
              label={t('messages.sent_title')}
              page={page}
              total={data.total}
              pageSize={pageSize}
              sizes={PAGE_SIZES}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}

import type { AnswerOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-settings';
import { EDITABLE_SETTINGS } from '@tessera/contract/routes/back-office-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { ErrorNotice, Loading } from '../../ui/states';
import { fromLocalInput } from '../content/local-time';

type Settings = AnswerOf<typeof routes.settingsGet>;
type Key = (typeof EDITABLE_SETTINGS)[number];

/** The reasons the server gave, each naming the field (`body/value/allowCountries/0` → allowCountries/0). */
const reasonsOf = (error: unknown) =>
  error instanceof ApiError
    ? error.fields.map((field) => ({
        field: field.field.replace(/^body\/value\/?/, '') || '/',
        reason: String(field.params.reason ?? field.key),
      }))
    : [];

/** Site settings: the maintenance switch, and every other key the CLI edits, each checked by the server as the CLI's are. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useCall(routes.settingsGet);
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <MaintenancePanel current={settings.data.maintenance} />
          {EDITABLE_SETTINGS.filter((key) => key !== 'maintenance').map((key) => (
            <JsonPanel key={key} settingKey={key} current={settings.data[key]} />
          ))}
        </>
      )}
    </section>
  );
}

function useSave() {
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (key: Key, value: unknown) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await apiCall(routes.settingsSet, { body: { key, value } });
      setSaved(true);
      await invalidate(routes.settingsGet);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return { save, error, setError, saved, busy };
}

function Outcome({ error, saved }: { error: unknown; saved: boolean }) {
  const { t } = useTranslation();
  const reasons = reasonsOf(error);
  return (
    <>
      {error !== null && <ErrorNotice error={error} />}
      {reasons.length > 0 && (
        <ul className="field-error">
          {reasons.map(({ field, reason }) => (
            <li key={`${field}${reason}`}>
              <code>{field}</code>: {reason}
            </li>
          ))}
        </ul>
      )}
      {saved && (
        <p className="notice notice-success" role="status">
          {t('settings.saved')}
        </p>
      )}
    </>
  );
}

function MaintenancePanel({ current }: { current: Settings['maintenance'] }) {
  const { t } = useTranslation();
  const { save, error, saved, busy } = useSave();
  const [until, setUntil] = useState('');
  const untilMs = fromLocalInput(until);
  return (
    <fieldset className="panel">
      <legend>
        <h2>{t('settings.maintenance')}</h2>
      </legend>
      <p data-testid="maintenance-state">
        {current.enabled
          ? current.endAt
            ? t('settings.maintenance_on_until', { time: formatTime(current.endAt) })
            : t('settings.maintenance_on')
          : t('settings.maintenance_off')}
      </p>
      {current.enabled ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void save('maintenance', { enabled: false, endAt: null })}
        >
          {t('settings.reopen')}
        </button>
      ) : (
        <div className="inline-form">
          <div className="field">
            <label htmlFor="maintenance-until">{t('settings.until')}</label>
            <input
              id="maintenance-until"
              type="datetime-local"
              value={until}
              onChange={(event) => setUntil(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('settings.confirm_close')))
                void save('maintenance', { enabled: true, endAt: untilMs ? new Date(untilMs).getTime() : null });
            }}
          >
            {t('settings.close')}
          </button>
        </div>
      )}
      <Outcome error={error} saved={saved} />
    </fieldset>
  );
}

function JsonPanel({ settingKey, current }: { settingKey: Exclude<Key, 'maintenance'>; current: unknown }) {
  const { t } = useTranslation();
  const { save, error, setError, saved, busy } = useSave();
  const [text, setText] = useState(() => JSON.stringify(current, null, 2));
  const id = `setting-${settingKey}`;
  const submit = () => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      setError(new ApiError('json', 'settings.not_json', 400));
      return;
    }
    void save(settingKey, value);
  };
  return (
    <fieldset className="panel">
      <legend>
        <h2>{t(`settings.keys.${settingKey}`)}</h2>
      </legend>
      <p className="hint" id={`${id}-hint`}>
        {t(`settings.hints.${settingKey}`)}
      </p>
      <label htmlFor={id} className="visually-hidden">
        {t('settings.json_of', { name: t(`settings.keys.${settingKey}`) })}
      </label>
      <textarea
        id={id}
        className="json"
        rows={Math.min(18, text.split('\n').length + 1)}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={submit}>
          {t('settings.save', { name: t(`settings.keys.${settingKey}`) })}
        </button>
        <button type="button" className="btn" onClick={() => setText(JSON.stringify(current, null, 2))}>
          {t('settings.revert')}
        </button>
      </div>
      <Outcome error={error} saved={saved} />
    </fieldset>
  );
}

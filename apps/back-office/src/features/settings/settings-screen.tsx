import type { AnswerOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-settings';
import { EDITABLE_SETTINGS } from '@tessera/contract/routes/back-office-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useCall, useInvalidate } from '../../lib/use-call';
import { ErrorNotice, Loading } from '../../ui/states';
import { fromLocalInput } from '../content/local-time';
import { type FormKey, SettingsForm } from './settings-form';

type Settings = AnswerOf<typeof routes.settingsGet>;
type Key = (typeof EDITABLE_SETTINGS)[number];

const isKey = (raw: string | null): raw is Key => (EDITABLE_SETTINGS as readonly string[]).includes(raw ?? '');

/**
 * Site settings, one form per settings key, chosen from a list. Every form stays mounted while another is shown,
 * so an operator's unsaved edits survive a look at another group; the list marks the groups with unsaved edits.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useCall(routes.settingsGet);
  const [params, setParams] = useSearchParams();
  const raw = params.get('group');
  const group: Key = isKey(raw) ? raw : 'maintenance';
  const [unsaved, setUnsaved] = useState<ReadonlySet<Key>>(new Set());
  const markUnsaved = (key: Key, dirty: boolean) =>
    setUnsaved((current) => {
      if (current.has(key) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="settings-layout">
          <nav aria-label={t('settings.groups')} className="settings-nav">
            <ul>
              {EDITABLE_SETTINGS.map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    aria-current={key === group ? 'page' : undefined}
                    onClick={() => setParams({ group: key }, { replace: true })}
                  >
                    {t(`settings.keys.${key}`)}
                    {unsaved.has(key) && <span className="badge badge-waiting"> {t('settings.unsaved')}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="settings-forms">
            <div hidden={group !== 'maintenance'}>
              <MaintenancePanel current={settings.data.maintenance} />
            </div>
            {EDITABLE_SETTINGS.filter((key): key is FormKey => key !== 'maintenance').map((key) => (
              <div key={key} hidden={group !== key}>
                <SettingsForm settingKey={key} current={settings.data[key]} onDirtyChange={(dirty) => markUnsaved(key, dirty)} />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

/** Maintenance is an action rather than a form: closing the site for every player asks first. */
function MaintenancePanel({ current }: { current: Settings['maintenance'] }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [until, setUntil] = useState('');
  const save = async (value: Settings['maintenance']) => {
    setBusy(true);
    setError(null);
    try {
      await apiCall(routes.settingsSet, { body: { key: 'maintenance', value } });
      await invalidate(routes.settingsGet);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const untilIso = fromLocalInput(until);
  return (
    <fieldset className="panel">
      <legend>
        <h2>{t('settings.keys.maintenance')}</h2>
      </legend>
      <p className="hint">{t('settings.hints.maintenance')}</p>
      <p data-testid="maintenance-state" role="status">
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
          onClick={() => void save({ enabled: false, endAt: null })}
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
                void save({ enabled: true, endAt: untilIso ? new Date(untilIso).getTime() : null });
            }}
          >
            {t('settings.close')}
          </button>
        </div>
      )}
      {error !== null && <ErrorNotice error={error} />}
    </fieldset>
  );
}

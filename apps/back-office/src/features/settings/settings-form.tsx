import type { EDITABLE_SETTINGS } from '@tessera/contract/routes/back-office-settings';
import * as routes from '@tessera/contract/routes/back-office-settings';
import { SETTINGS_SCHEMAS } from '@tessera/contract/settings';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { useInvalidate } from '../../lib/use-call';
import { ErrorNotice } from '../../ui/states';
import { Control, controlId, FormProvider, useLabel } from './controls';
import { formOf, type Path, reasonsByPath, sameValue, setAt } from './form-model';
import { confirmationOf } from './settings-groups';

/** Every editable key but maintenance, which is an action with its own panel. */
export type FormKey = Exclude<(typeof EDITABLE_SETTINGS)[number], 'maintenance'>;

/**
 * One settings key as a form built from its schema: edits stay local until saved, a refusal puts each of the
 * server's reasons beside its field (and all of them in a summary on top), and a risky change asks first.
 */
export function SettingsForm({
  settingKey,
  current,
  onDirtyChange,
}: {
  settingKey: FormKey;
  current: unknown;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const invalidate = useInvalidate();
  const node = useMemo(() => formOf(SETTINGS_SCHEMAS[settingKey]), [settingKey]);
  const [draft, setDraft] = useState<unknown>(current);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const idPrefix = `${settingKey}-${useId().replace(/:/g, '')}`;
  const dirty = !sameValue(draft, current);
  const title = t(`settings.keys.${settingKey}`);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const reasons = useMemo(() => (error instanceof ApiError ? reasonsByPath(error.fields) : new Map<string, string[]>()), [error]);
  const context = useMemo(
    () => ({
      change: (path: Path, next: unknown) => {
        setSaved(false);
        setDraft((value: unknown) => setAt(value, path, next));
      },
      reasons,
      idPrefix,
    }),
    [reasons, idPrefix],
  );

  const save = async () => {
    const question = confirmationOf(settingKey, current, draft);
    if (question && !window.confirm(t(question))) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const stored = await apiCall(routes.settingsSet, { body: { key: settingKey, value: draft } });
      setDraft(stored);
      setSaved(true);
      await invalidate(routes.settingsGet);
    } catch (failure) {
      setError(failure);
      queueMicrotask(() => summary.current?.focus());
    } finally {
      setBusy(false);
    }
  };
  const discard = () => {
    setDraft(current);
    setError(null);
    setSaved(false);
  };

  return (
    <form
      className="panel settings-form"
      aria-labelledby={`${idPrefix}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${idPrefix}-title`}>{title}</h2>
      <p className="hint">{t(`settings.hints.${settingKey}`)}</p>
      <div ref={summary} tabIndex={-1} className="settings-summary">
        {error !== null && <ErrorNotice error={error} />}
        {reasons.size > 0 && (
          <ul className="field-error" aria-label={t('settings.problems')}>
            {[...reasons].map(([path, list]) => (
              <li key={path}>
                {path ? <a href={`#${controlId(idPrefix, path.split('/').slice(1))}`}>{pathLabel(path, label)}</a> : title}:{' '}
                {list.join('; ')}
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormProvider value={context}>
        <Control node={node} path={[]} value={draft} label={title} />
      </FormProvider>
      <div className="actions settings-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !dirty}>
          {t('settings.save', { name: title })}
        </button>
        <button type="button" className="btn" disabled={busy || !dirty} onClick={discard}>
          {t('settings.discard')}
        </button>
        <span role="status" className={saved ? 'notice-success' : 'muted'}>
          {saved ? t('settings.saved') : dirty ? t('settings.changed') : ''}
        </span>
      </div>
    </form>
  );
}

/** `/username/minLength` → "Username › Min length": where a reason applies, in the form's words. */
const pathLabel = (path: string, label: (name: string) => string) =>
  path
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : label(part)))
    .join(' › ');

import * as routes from '@tessera/contract/routes/back-office-content';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../lib/api';
import { ErrorNotice } from '../../ui/states';
import { CONTENT_TYPES, type ContentDraft, inputOf, LANGUAGES } from './content-draft';
import { ContentPreview } from './content-preview';

/** The reasons the server gave per field (`body/endTime` → endTime); the ones naming no field under `''`. */
function reasonsByField(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const byField: Record<string, string[]> = {};
  for (const field of error.fields) {
    const name = field.field.replace(/^body\/?/, '');
    byField[name] = [...(byField[name] ?? []), String(field.params.reason ?? field.key)];
  }
  return byField;
}

function Labelled({
  label,
  errors,
  children,
}: {
  label: string;
  errors?: string[];
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field${errors?.length ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, errors?.length ? `${id}-error` : undefined)}
      {errors?.length ? (
        <small id={`${id}-error`} className="field-error">
          {errors.join(' · ')}
        </small>
      ) : null}
    </div>
  );
}

/** Create or edit one announcement: every language's text, its window and placement, with a live preview. */
export function ContentEditor({
  id,
  initial,
  onDone,
  onCancel,
}: {
  id: string | null;
  initial: ContentDraft;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [previewLanguage, setPreviewLanguage] = useState<'en' | 'bn'>('en');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const errors = reasonsByField(error);
  const set = <K extends keyof ContentDraft>(key: K, value: ContentDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setText = (language: 'en' | 'bn', key: 'title' | 'content', value: string) =>
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [language]: { ...current.texts[language], [key]: value } },
    }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const announcement = inputOf(draft);
      if (id === null) await apiCall(routes.contentCreate, { body: announcement });
      else await apiCall(routes.contentUpdate, { body: { id, announcement } });
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const unplaced = Object.entries(errors)
    .filter(
      ([field]) =>
        ![
          'type',
          'platform',
          'audience',
          'startTime',
          'endTime',
          'sortOrder',
          'image',
          'groupName',
          'link',
          'linkageType',
          'texts',
        ].includes(field),
    )
    .flatMap(([, reasons]) => reasons);

  return (
    <form className="panel editor" onSubmit={save} aria-labelledby="editor-title" noValidate>
      <h2 id="editor-title">{id === null ? t('content.new') : t('content.edit', { id })}</h2>
      {error !== null && <ErrorNotice error={error} />}
      {unplaced.length > 0 && (
        <ul className="field-error">
          {unplaced.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <div className="editor-grid">
        <div className="editor-fields">
          <div className="inline-form">
            <Labelled label={t('content.type')} errors={errors.type}>
              {(fieldId) => (
                <select
                  id={fieldId}
                  value={draft.type}
                  onChange={(event) => set('type', event.target.value as ContentDraft['type'])}
                >
                  {CONTENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`content.types.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label={t('content.platform')} errors={errors.platform}>
              {(fieldId) => (
                <select
                  id={fieldId}
                  value={draft.platform}
                  onChange={(event) => set('platform', event.target.value as ContentDraft['platform'])}
                >
                  {(['A', 'W', 'M'] as const).map((platform) => (
                    <option key={platform} value={platform}>
                      {t(`content.platforms.${platform}`)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            {draft.type === 'PL' && (
              <Labelled label={t('content.audience')} errors={errors.audience}>
                {(fieldId) => (
                  <select
                    id={fieldId}
                    value={draft.audience}
                    onChange={(event) => set('audience', event.target.value as ContentDraft['audience'])}
                  >
                    {(['players', 'agents'] as const).map((audience) => (
                      <option key={audience} value={audience}>
                        {t(`content.audiences.${audience}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Labelled>
            )}
            <Labelled label={t('content.start')} errors={errors.startTime}>
              {(fieldId, describedBy) => (
                <input
                  id={fieldId}
                  type="datetime-local"
                  aria-describedby={describedBy}
                  value={draft.startTime}
                  onChange={(event) => set('startTime', event.target.value)}
                />
              )}
            </Labelled>
            <Labelled label={t('content.end')} errors={errors.endTime}>
              {(fieldId, describedBy) => (
                <input
                  id={fieldId}
                  type="datetime-local"
                  aria-describedby={describedBy}
                  aria-invalid={errors.endTime ? true : undefined}
                  value={draft.endTime}
                  onChange={(event) => set('endTime', event.target.value)}
                />
              )}
            </Labelled>
            <Labelled label={t('content.sort')} errors={errors.sortOrder}>
              {(fieldId) => (
                <input
                  id={fieldId}
                  type="number"
                  min={-100000}
                  max={100000}
                  value={draft.sortOrder}
                  onChange={(event) => set('sortOrder', event.target.value)}
                />
              )}
            </Labelled>
          </div>
          <p className="hint">{t('content.window_hint')}</p>

          {LANGUAGES.map((language) => (
            <fieldset key={language} className="language" lang={language}>
              <legend>{t(`content.languages.${language}`)}</legend>
              <Labelled label={t('content.title_field')} errors={errors.texts}>
                {(fieldId, describedBy) => (
                  <input
                    id={fieldId}
                    name={`title-${language}`}
                    maxLength={200}
                    aria-describedby={describedBy}
                    value={draft.texts[language].title}
                    onChange={(event) => setText(language, 'title', event.target.value)}
                  />
                )}
              </Labelled>
              <Labelled label={t('content.body_field')}>
                {(fieldId) => (
                  <textarea
                    id={fieldId}
                    name={`content-${language}`}
                    rows={5}
                    maxLength={20000}
                    value={draft.texts[language].content}
                    onChange={(event) => setText(language, 'content', event.target.value)}
                  />
                )}
              </Labelled>
            </fieldset>
          ))}
          <p className="hint">{t('content.language_hint')}</p>

          <div className="inline-form">
            <Labelled label={t('content.image')} errors={errors.image}>
              {(fieldId, describedBy) => (
                <input
                  id={fieldId}
                  maxLength={500}
                  placeholder="/media/content/…"
                  aria-describedby={describedBy}
                  value={draft.image}
                  onChange={(event) => set('image', event.target.value)}
                />
              )}
            </Labelled>
            <Labelled label={t('content.group')} errors={errors.groupName}>
              {(fieldId, describedBy) => (
                <input
                  id={fieldId}
                  maxLength={40}
                  aria-describedby={describedBy}
                  value={draft.groupName}
                  onChange={(event) => set('groupName', event.target.value)}
                />
              )}
            </Labelled>
            <Labelled label={t('content.linkage')} errors={errors.linkageType}>
              {(fieldId) => (
                <select
                  id={fieldId}
                  value={draft.linkageType}
                  onChange={(event) => set('linkageType', event.target.value as ContentDraft['linkageType'])}
                >
                  {(['none', 'route', 'url'] as const).map((linkage) => (
                    <option key={linkage} value={linkage}>
                      {t(`content.linkages.${linkage}`)}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            {draft.linkageType !== 'none' && (
              <Labelled label={t('content.link')} errors={errors.link}>
                {(fieldId, describedBy) => (
                  <input
                    id={fieldId}
                    maxLength={500}
                    placeholder={draft.linkageType === 'route' ? '/promotions' : 'https://'}
                    aria-describedby={describedBy}
                    value={draft.link}
                    onChange={(event) => set('link', event.target.value)}
                  />
                )}
              </Labelled>
            )}
          </div>
        </div>
        <div className="editor-preview">
          <fieldset className="segmented">
            <legend className="visually-hidden">{t('content.preview_language')}</legend>
            {LANGUAGES.map((language) => (
              <button
                key={language}
                type="button"
                className="btn"
                aria-pressed={previewLanguage === language}
                onClick={() => setPreviewLanguage(language)}
              >
                {t(`content.languages.${language}`)}
              </button>
            ))}
          </fieldset>
          {/* One preview per language: the other language's text never shows under this one's title while it loads. */}
          <ContentPreview key={previewLanguage} draft={draft} language={previewLanguage} />
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('content.save')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('content.cancel')}
        </button>
      </div>
    </form>
  );
}

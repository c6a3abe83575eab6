import type { AnswerOf } from '@tessera/contract/api/call-types';
import * as routes from '@tessera/contract/routes/back-office-content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { LANGUAGES } from './content-draft';

type Article = AnswerOf<typeof routes.helpCentre>[number];

/** The help centre's articles in their order: edited here, saved together through the site settings' checks. */
export function HelpCentreEditor() {
  const { t } = useTranslation();
  const stored = useCall(routes.helpCentre);
  const invalidate = useInvalidate();
  const [articles, setArticles] = useState<Article[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (stored.data && articles === null) setArticles(stored.data);
  }, [stored.data, articles]);

  const change = (index: number, next: Article) =>
    setArticles((current) => current?.map((article, i) => (i === index ? next : article)) ?? null);
  const move = (index: number, by: -1 | 1) =>
    setArticles((current) => {
      if (!current) return current;
      const next = [...current];
      const [article] = next.splice(index, 1);
      if (article) next.splice(index + by, 0, article);
      return next;
    });

  const save = async () => {
    if (!articles) return;
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      setArticles(await apiCall(routes.helpCentreSave, { body: { articles } }));
      setSaved(true);
      await invalidate(routes.helpCentre);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="help-title" className="help-centre">
      <h2 id="help-title">{t('help.title')}</h2>
      <p className="lead">{t('help.lead')}</p>
      {stored.isPending ? (
        <Loading />
      ) : stored.isError ? (
        <ErrorNotice error={stored.error} onRetry={() => void stored.refetch()} />
      ) : (
        <>
          {articles?.length === 0 && <Empty>{t('help.empty')}</Empty>}
          {articles?.map((article, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an article's place is its identity here (its id is being edited)
            <fieldset key={index} className="panel article">
              <legend>{t('help.article', { number: index + 1 })}</legend>
              <div className="field">
                <label htmlFor={`help-id-${index}`}>{t('help.id')}</label>
                <input
                  id={`help-id-${index}`}
                  value={article.id}
                  maxLength={60}
                  onChange={(event) => change(index, { ...article, id: event.target.value })}
                />
              </div>
              {LANGUAGES.map((language) => (
                <div key={language} className="article-language" lang={language}>
                  <div className="field">
                    <label htmlFor={`help-title-${index}-${language}`}>
                      {t('help.article_title', { language: t(`content.languages.${language}`) })}
                    </label>
                    <input
                      id={`help-title-${index}-${language}`}
                      value={article.title[language] ?? ''}
                      maxLength={200}
                      onChange={(event) =>
                        change(index, { ...article, title: { ...article.title, [language]: event.target.value } })
                      }
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`help-content-${index}-${language}`}>
                      {t('help.article_body', { language: t(`content.languages.${language}`) })}
                    </label>
                    <textarea
                      id={`help-content-${index}-${language}`}
                      rows={4}
                      value={article.content[language] ?? ''}
                      maxLength={20000}
                      onChange={(event) =>
                        change(index, { ...article, content: { ...article.content, [language]: event.target.value } })
                      }
                    />
                  </div>
                </div>
              ))}
              <div className="actions">
                <button type="button" className="btn" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('help.up')}
                </button>
                <button type="button" className="btn" disabled={index === articles.length - 1} onClick={() => move(index, 1)}>
                  {t('help.down')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => setArticles(articles.filter((_, i) => i !== index))}
                >
                  {t('help.remove')}
                </button>
              </div>
            </fieldset>
          ))}
          {error !== null && <ErrorNotice error={error} />}
          {saved && (
            <p className="notice notice-success" role="status">
              {t('help.saved')}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="btn"
              onClick={() =>
                setArticles([
                  ...(articles ?? []),
                  { id: `article-${(articles?.length ?? 0) + 1}`, titleKey: '', title: {}, content: {} },
                ])
              }
            >
              {t('help.add')}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy || !articles} onClick={() => void save()}>
              {t('help.save')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

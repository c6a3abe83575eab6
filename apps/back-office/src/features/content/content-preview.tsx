import { useQuery } from '@tanstack/react-query';
import * as routes from '@tessera/contract/routes/back-office-content';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import type { ContentDraft } from './content-draft';

/** How long typing pauses before the preview asks the server again. */
const PREVIEW_PAUSE_MS = 250;

/** The HTML as saving would store it, asked again once typing pauses; the last answer stays while it is asked. */
function useStoredHtml(html: string) {
  const [settled, setSettled] = useState(html);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(html), PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [html]);
  return useQuery({
    queryKey: [routes.contentPreview.id, settled],
    queryFn: ({ signal }) => apiCall(routes.contentPreview, { body: { html: settled }, signal }),
    placeholderData: (previous) => previous,
    enabled: settled !== '',
  });
}

/**
 * The item as the player site shows it: a notice as the notice page's card, a banner as its image, a popup as its
 * dialog, a headline as the marquee line. The HTML is the server's sanitised copy, what the site will be given.
 */
/** The player site writes times in its language's own digits (Bengali digits in BN). */
const SITE_LOCALES = { en: 'en-GB', bn: 'bn-BD' } as const;

export function ContentPreview({ draft, language }: { draft: ContentDraft; language: 'en' | 'bn' }) {
  const { t } = useTranslation();
  const text = draft.texts[language];
  const stored = useStoredHtml(text.content);
  const html = text.content === '' ? '' : (stored.data?.html ?? '');
  return (
    <figure className="preview" aria-label={t('content.preview_of', { language: t(`content.languages.${language}`) })}>
      <div className={`preview-site preview-${draft.type}`} lang={language}>
        {draft.type === 'B' && draft.image ? <img src={draft.image} alt={text.title} className="preview-banner" /> : null}
        {draft.type === 'H' ? (
          <p className="preview-marquee">{text.title || t('content.preview_untitled')}</p>
        ) : (
          <article className={draft.type === 'PU' ? 'preview-dialog' : 'preview-card'}>
            <h3>{text.title || t('content.preview_untitled')}</h3>
            {draft.startTime && (
              <p className="preview-time">{new Date(draft.startTime).toLocaleString(SITE_LOCALES[language])}</p>
            )}
            {stored.isError ? (
              <p className="muted">{t('content.preview_failed')}</p>
            ) : (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised copy, as the player site gets it
              <div className="preview-body" dangerouslySetInnerHTML={{ __html: html }} />
            )}
          </article>
        )}
      </div>
      <figcaption className="muted">{t('content.preview_caption')}</figcaption>
    </figure>
  );
}

import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import type { ContentDraft } from './content-draft';

/**
 * The item as the player site shows it: a notice as the notice page's card, a banner as its image, a popup as its
 * dialog, a headline as the marquee line. The HTML is sanitised here as the site sanitises it on render.
 */
export function ContentPreview({ draft, language }: { draft: ContentDraft; language: 'en' | 'bn' }) {
  const { t } = useTranslation();
  const text = draft.texts[language];
  const html = DOMPurify.sanitize(text.content);
  return (
    <figure className="preview" aria-label={t('content.preview_of', { language: t(`content.languages.${language}`) })}>
      <div className={`preview-site preview-${draft.type}`} lang={language}>
        {draft.type === 'B' && draft.image ? <img src={draft.image} alt={text.title} className="preview-banner" /> : null}
        {draft.type === 'H' ? (
          <p className="preview-marquee">{text.title || t('content.preview_untitled')}</p>
        ) : (
          <article className={draft.type === 'PU' ? 'preview-dialog' : 'preview-card'}>
            <h3>{text.title || t('content.preview_untitled')}</h3>
            {draft.startTime && <p className="preview-time">{new Date(draft.startTime).toLocaleString('en-GB')}</p>}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above, as the player site does */}
            <div className="preview-body" dangerouslySetInnerHTML={{ __html: html }} />
          </article>
        )}
      </div>
      <figcaption className="muted">{t('content.preview_caption')}</figcaption>
    </figure>
  );
}

import DOMPurify from 'dompurify';

/** Server-supplied HTML (notices, promotions, help), sanitised before it reaches the DOM (DESIGN §4). */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={`tessera-prose ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}

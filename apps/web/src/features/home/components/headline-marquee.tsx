import type { Announcement } from '@tessera/contract/api/content';
import { useTranslation } from 'react-i18next';

/** One line's height (taller only when reduced motion lets the text wrap): the home page's loading placeholder holds it. */
export const HEADLINE_HEIGHT = 'min-h-10';

/**
 * The headline line (announcement type H) under the header: readable where it stands at first, then scrolling in
 * a seamless loop (two copies of the text, the second hidden from screen readers); still when motion is reduced.
 */
export function HeadlineMarquee({ headlines }: { headlines: Announcement[] }) {
  const { t } = useTranslation();
  const text = headlines.map((headline) => headline.title).join('   •   ');
  return (
    <section
      aria-label={t('home.headlines')}
      className={`flex ${HEADLINE_HEIGHT} items-center gap-2 overflow-hidden rounded-xl border border-slate-800 bg-slate-900/70 px-3 py-1 text-sm`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 shrink-0 text-amber-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M3 10v4h4l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12" />
      </svg>
      <div className="tessera-marquee min-w-0 flex-1 overflow-hidden whitespace-nowrap">
        <p className="tessera-marquee-track inline-flex text-slate-200">
          <span className="tessera-marquee-copy">{text}</span>
          <span className="tessera-marquee-copy" aria-hidden="true">
            {text}
          </span>
        </p>
      </div>
    </section>
  );
}

import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../../lib/system-status';
import { Button } from '../../../ui/button';
import { type Consent, consentQuestion, rememberConsent, rememberedConsent } from '../consent';
import { loadGoogleTag, stopGoogleTag } from '../load-google-tag';

/**
 * The merchant's Google tag (`analytics.gtagId`), loaded only after the player consents. The choice is kept in this
 * browser; until it is made a banner asks, above the phone's bottom bar and in a corner on desktop, without a
 * backdrop: the site stays usable and the banner is reached by Tab like any region. Nothing shows without a tag.
 * The footer's "Cookie settings" asks again: the banner then says the current answer, takes the focus, and gives it
 * back when answered or dismissed (Escape); a withdrawal stops the tag at once.
 */
export function AnalyticsConsent() {
  const { t } = useTranslation();
  const { gtagId } = useSystemStatus().info.analytics;
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  // Read after mounting: the prerendered page cannot know this browser's choice.
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const askedAgain = useSyncExternalStore(consentQuestion.subscribe, consentQuestion.isOpen, () => false);
  useEffect(() => setConsent(rememberedConsent()), []);
  useEffect(() => {
    if (gtagId && consent === 'granted') loadGoogleTag(gtagId);
  }, [gtagId, consent]);
  useEffect(() => {
    if (askedAgain) region.current?.focus();
  }, [askedAgain]);

  if (!gtagId || consent === undefined || (consent !== null && !askedAgain)) return null;
  const choose = (choice: Consent) => {
    if (choice === 'denied' && consent === 'granted') stopGoogleTag(gtagId);
    rememberConsent(choice);
    setConsent(choice);
    if (askedAgain) consentQuestion.close();
  };
  return (
    <section
      ref={region}
      aria-labelledby={titleId}
      tabIndex={askedAgain ? -1 : undefined}
      onKeyDown={(event) => {
        if (askedAgain && event.key === 'Escape') consentQuestion.close();
      }}
      data-testid="analytics-consent"
      className="fixed inset-x-2 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 rounded-xl border border-slate-700 bg-slate-900 p-4 text-slate-100 shadow-2xl focus-visible:outline-2 focus-visible:outline-amber-300 lg:inset-x-auto lg:end-4 lg:bottom-4 lg:w-[26rem]"
    >
      <h2 id={titleId} className="text-base font-semibold">
        {t('analytics.consent.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{t('analytics.consent.body')}</p>
      {consent !== null && (
        <p className="mt-2 text-sm font-semibold text-amber-200" data-testid="analytics-consent-current">
          {t(consent === 'granted' ? 'analytics.consent.current_granted' : 'analytics.consent.current_denied')}
        </p>
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => choose('denied')}>
          {t('analytics.consent.decline')}
        </Button>
        <Button onClick={() => choose('granted')}>{t('analytics.consent.accept')}</Button>
      </div>
    </section>
  );
}

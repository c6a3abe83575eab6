import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../../lib/system-status';
import { consentQuestion } from '../consent';

/**
 * "Cookie settings": the way back to the analytics question, where sites put it (the footer, beside the privacy
 * policy). A button, not a link: it opens the question in place and goes nowhere. Only when the merchant has a tag.
 */
export function PrivacyChoicesButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { gtagId } = useSystemStatus().info.analytics;
  if (!gtagId) return null;
  return (
    <button type="button" className={className} onClick={(event) => consentQuestion.open(event.currentTarget)}>
      {t('analytics.consent.settings')}
    </button>
  );
}

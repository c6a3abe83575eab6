import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../lib/system-status';
import { ContactButton } from '../../ui/contact-button';
import { NumberedSteps } from '../../ui/numbered-steps';
import { Page } from '../../ui/page';

const STEPS: { titleKey: ParseKeys; textKey: ParseKeys }[] = [
  { titleKey: 'join.step_apply', textKey: 'join.step_apply_text' },
  { titleKey: 'join.step_share', textKey: 'join.step_share_text' },
  { titleKey: 'join.step_earn', textKey: 'join.step_earn_text' },
];

const BENEFITS: ParseKeys[] = ['join.benefit_team', 'join.benefit_reports', 'join.benefit_contracts', 'join.benefit_support'];

/** Join (affiliates): the programme in the merchant's name, how it works, and how to reach the operator. */
export function Screen() {
  const { t } = useTranslation();
  const { info, product } = useSystemStatus();
  const brand = product.brand.name;
  return (
    <Page title={t('routes.join')} intro={t('join.intro', { brand })}>
      <section aria-labelledby="join-how" className="flex flex-col gap-3">
        <h2 id="join-how" className="text-lg font-semibold">
          {t('join.how_title')}
        </h2>
        <NumberedSteps
          steps={STEPS.map((step) => ({ title: t(step.titleKey), text: t(step.textKey, { brand }) }))}
          itemClassName="border border-slate-800 p-4"
        />
      </section>
      <section aria-labelledby="join-benefits" className="flex flex-col gap-3">
        <h2 id="join-benefits" className="text-lg font-semibold">
          {t('join.benefits_title', { brand })}
        </h2>
        <ul className="grid list-disc gap-1 ps-5 text-slate-300 sm:grid-cols-2">
          {BENEFITS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </section>
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-800 bg-slate-900/60 p-5">
        <p className="text-slate-300">{t('join.contact', { brand })}</p>
        <ContactButton entries={info.customerService} />
      </div>
    </Page>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatInteger, numberFormat } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PrivacyChoicesButton } from '../../features/analytics/components/privacy-choices-button';
import { useGameVendors } from '../../features/catalogue/api/get-game-vendors';
import { helpCenterQuery, localised } from '../../features/help/api/get-help-center';
import { imageUrl } from '../../lib/image-loader';
import { isLoggedIn, useSession } from '../../lib/session';
import { useSystemStatus } from '../../lib/system-status';
import { NumberedSteps } from '../../ui/numbered-steps';

/** Spec §9: the copyright line names 2025. */
const COPYRIGHT_YEAR = 2025;

const ABOUT_LINKS: { to: string; labelKey: ParseKeys }[] = [
  { to: '/help#about', labelKey: 'shell.footer.about_company' },
  { to: '/help#contact', labelKey: 'shell.footer.contact_us' },
  { to: '/help#terms', labelKey: 'shell.footer.terms' },
  { to: '/help#responsible-gaming', labelKey: 'shell.footer.responsible_gaming' },
  { to: '/help#privacy', labelKey: 'shell.footer.privacy' },
  { to: '/join', labelKey: 'shell.footer.affiliates' },
  { to: '/help#refund', labelKey: 'shell.footer.refund' },
];

const STEPS: { titleKey: ParseKeys; textKey: ParseKeys }[] = [
  { titleKey: 'shell.footer.step_register', textKey: 'shell.footer.step_register_text' },
  { titleKey: 'shell.footer.step_play', textKey: 'shell.footer.step_play_text' },
  { titleKey: 'shell.footer.step_win', textKey: 'shell.footer.step_win_text' },
];

function HelpAccordion() {
  const { t, i18n } = useTranslation();
  const help = useQuery(helpCenterQuery());
  const items = help.data ?? [];
  return (
    <details className="group self-start rounded-xl border border-slate-800 bg-slate-900/60 p-3">
      <summary className="cursor-pointer list-none font-semibold text-slate-100">
        <span aria-hidden="true" className="me-2 inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {t('shell.footer.help')}
      </summary>
      {help.isPending ? null : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-400">{t('help.empty')}</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/help#${item.id}`} className="text-slate-300 hover:text-amber-300">
                {localised(item.title, i18n.language)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/** Spec 2.2: `resources` whose type starts with this are payment methods (docs/operations.md). */
const PAYMENT_RESOURCE_PREFIX = 'PAYMENT_';

/** Spec 2.2: the merchant's payment-method logos, from its settings; nothing at all when none are configured. */
function PaymentLogos() {
  const { t } = useTranslation();
  const { info } = useSystemStatus();
  const methods = info.resources.filter((resource) => resource.url && resource.resourceType.startsWith(PAYMENT_RESOURCE_PREFIX));
  if (methods.length === 0) return null;
  return (
    <section aria-labelledby="footer-payments">
      <h2 id="footer-payments" className="mb-2 text-base font-semibold text-slate-100">
        {t('shell.footer.payment_methods')}
      </h2>
      <ul className="flex flex-wrap items-center gap-3">
        {methods.map((method) => (
          <li key={method.resourceType}>
            {/* Fixed size: the footer does not move when a logo arrives. */}
            <img
              src={imageUrl(method.url, info.imageCDNs) ?? undefined}
              alt={method.labelNameEn}
              title={method.labelNameEn}
              width="100"
              height="40"
              loading="lazy"
              decoding="async"
              className="h-8 w-20 rounded-lg object-contain sm:h-10 sm:w-[100px]"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec 2.2: the game providers' logos in grey, from the vendor list (each vendor once). */
function ProviderLogos() {
  const { t, i18n } = useTranslation();
  const { info } = useSystemStatus();
  const lanes = useGameVendors(i18n.language);
  const vendors = [...new Map((lanes.data ?? []).flatMap((lane) => lane.cards).map((card) => [card.vassalage, card])).values()];
  if (vendors.length === 0) return <p className="text-sm text-slate-400">{t('shell.footer.providers_empty')}</p>;
  return (
    <ul className="flex flex-wrap items-center gap-4">
      {vendors.map((vendor) => {
        const src = imageUrl(vendor.icon, info.imageCDNs);
        return (
          <li key={vendor.vassalage} className="flex items-center gap-2 text-sm text-slate-400 grayscale">
            {src && <img src={src} alt="" width="32" height="32" loading="lazy" className="size-8 rounded opacity-70" />}
            {vendor.displayName}
          </li>
        );
      })}
    </ul>
  );
}

/** Spec 2.2 footer: payment methods, providers, help accordion, about list, three-step intro, copyright 2025. */
export function Footer() {
  const { t, i18n } = useTranslation();
  // A year, in the language's numerals but never grouped ("২০২৫", not "২,০২৫").
  const year = numberFormat(i18n.language, { useGrouping: false }).format(COPYRIGHT_YEAR);
  const { product } = useSystemStatus();
  // The three steps start with registering: an invitation for visitors, noise for a member.
  const loggedIn = useSession(isLoggedIn);
  return (
    // content-visibility: the browser skips laying out and painting the footer until it nears the viewport (the
    // page's last element, so its size settling moves nothing a visitor sees).
    <footer
      data-testid="site-footer"
      className="mt-12 border-t border-slate-800 bg-slate-950 pb-20 text-slate-300 [contain-intrinsic-size:auto_900px] [content-visibility:auto] lg:pb-0"
    >
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8">
        {!loggedIn && (
          <section aria-labelledby="footer-steps">
            <h2 id="footer-steps" className="mb-3 text-base font-semibold text-slate-100">
              {t('shell.footer.steps_title')}
            </h2>
            <NumberedSteps
              steps={STEPS.map((step) => ({ title: t(step.titleKey), text: t(step.textKey) }))}
              itemClassName="p-3"
            />
          </section>
        )}
        <PaymentLogos />
        <section aria-labelledby="footer-providers">
          <h2 id="footer-providers" className="mb-2 text-base font-semibold text-slate-100">
            {t('shell.footer.providers')}
          </h2>
          <ProviderLogos />
        </section>
        <div className="grid gap-6 md:grid-cols-2">
          <HelpAccordion />
          <section aria-labelledby="footer-about">
            <h2 id="footer-about" className="mb-2 text-base font-semibold text-slate-100">
              {t('shell.footer.about')}
            </h2>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {ABOUT_LINKS.map((link) => (
                <li key={link.labelKey}>
                  <Link to={link.to} className="hover:text-amber-300">
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
              <li>
                <PrivacyChoicesButton className="text-start hover:text-amber-300" />
              </li>
            </ul>
          </section>
        </div>
        <div className="flex flex-col gap-1 border-t border-slate-800 pt-4 text-xs text-slate-400">
          <p>
            <span aria-hidden="true" className="me-1 rounded border border-slate-600 px-1 font-bold">
              {formatInteger(18, i18n.language)}+
            </span>
            {t('shell.footer.age_notice')}
          </p>
          <p>{t('shell.footer.copyright', { year, brand: product.brand.name })}</p>
        </div>
      </div>
    </footer>
  );
}

import { Trans } from 'react-i18next';

/** Spec 2.1: the terms live at /help#terms. A new tab, so reading them does not lose what was typed in sign-up. */
const TERMS_PATH = '/help#terms';

export function TermsConsentLabel() {
  return (
    <Trans
      i18nKey="accounts.register.terms"
      components={{
        terms: (
          // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside
          <a href={TERMS_PATH} target="_blank" rel="noopener" className="text-amber-300 underline hover:text-amber-200" />
        ),
      }}
    />
  );
}

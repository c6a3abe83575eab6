import { countries } from 'countries-list';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the country dropdown closes 200 ms after it loses focus (so a click on an option still lands). */
export const DIAL_CODE_CLOSE_DELAY_MS = 200;

export interface DialCountry {
  iso2: string;
  dialCode: string;
  name: string;
}

/** Every country with its calling code (countries-list), named in the page's language, sorted by name. */
export function dialCountries(language: string): DialCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return Object.entries(countries)
    .filter(([, country]) => country.phone.length > 0)
    .map(([iso2, country]) => ({
      iso2,
      dialCode: String(country.phone[0]),
      name: names?.of(iso2) ?? country.name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** The calling code of a country (the visitor's location), or '' when it is unknown. */
export const dialCodeOf = (iso2: string | null): string =>
  (iso2 && (countries as Record<string, { phone: number[] }>)[iso2]?.phone[0]?.toString()) || '';

/**
 * Country dial-code picker (spec §2.3): a button showing `+code` that opens a list of countries; choosing one
 * closes it, and so does leaving it (after 200 ms). The list is keyboard reachable (Tab/Enter) and labelled.
 */
export function DialCodePicker({
  value,
  onChange,
  isInvalid = false,
}: {
  value: string;
  onChange: (dialCode: string) => void;
  isInvalid?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const list = useMemo(() => dialCountries(i18n.language), [i18n.language]);

  const handleBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), DIAL_CODE_CLOSE_DELAY_MS);
  };
  const handleFocus = () => clearTimeout(closeTimer.current);
  const handleChoose = (dialCode: string) => {
    onChange(dialCode);
    setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the wrapper closes the list (spec §9: after 200 ms); its controls are buttons
    <div className="relative shrink-0" onBlur={handleBlur} onFocus={handleFocus}>
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-invalid={isInvalid || undefined}
        aria-label={value ? t('accounts.dial_code.current', { code: value }) : t('accounts.dial_code.choose')}
        onClick={() => setOpen((was) => !was)}
        className="flex h-full min-h-11 items-center gap-1 rounded-lg border border-slate-700 bg-slate-900 px-2.5 text-sm text-slate-100 aria-[invalid=true]:border-rose-400"
      >
        {value ? `+${value}` : t('accounts.dial_code.short')}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {isOpen && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('accounts.dial_code.list')}
          className="absolute start-0 top-full z-10 mt-1 max-h-60 w-64 overflow-y-auto rounded-lg border border-slate-700 bg-slate-900 py-1 shadow-xl"
        >
          {list.map((country) => (
            <button
              type="button"
              role="option"
              aria-selected={country.dialCode === value}
              key={country.iso2}
              onClick={() => handleChoose(country.dialCode)}
              className="flex w-full items-center justify-between gap-2 px-3 py-2 text-start text-sm text-slate-200 hover:bg-slate-800 aria-selected:text-amber-300"
            >
              <span className="truncate">{country.name}</span>
              <span className="shrink-0 text-slate-400">+{country.dialCode}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

import { localDigits } from '@tessera/contract/money-format';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latinDigits } from '../../../lib/digits';

/** Spec §9: the country dropdown closes 200 ms after it loses focus (so a click on an option still lands). */
export const DIAL_CODE_CLOSE_DELAY_MS = 200;

export interface DialCountry {
  iso2: string;
  dialCode: string;
  name: string;
}

/**
 * Every country with its calling code, named in the page's language and sorted by name. The codes come from
 * libphonenumber-js (Google's libphonenumber metadata, kept current with the ITU's assignments: Kosovo +383),
 * never from a hand-kept list.
 */
export function dialCountries(language: string): DialCountry[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((iso2) => ({ iso2, dialCode: getCountryCallingCode(iso2), name: names?.of(iso2) ?? iso2 }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

const isKnownCountry = (iso2: string): iso2 is ReturnType<typeof getCountries>[number] =>
  (getCountries() as string[]).includes(iso2);

/** The calling code of a country, or '' when it is unknown. */
export const dialCodeOf = (iso2: string | null | undefined): string =>
  iso2 && isKnownCountry(iso2) ? getCountryCallingCode(iso2) : '';

/** A country matches what was typed by the start of any word of its name, its code, or its ISO letters. */
const matches = (country: DialCountry, query: string) => {
  const typed = latinDigits(query.trim().toLocaleLowerCase()).replace(/^\+/, '');
  if (!typed) return true;
  const name = country.name.toLocaleLowerCase();
  return (
    name.startsWith(typed) ||
    name.includes(` ${typed}`) ||
    country.dialCode.startsWith(typed) ||
    country.iso2.toLowerCase() === typed
  );
};

const PAGE_STEP = 8;

/** The option a navigation key moves to (WAI-ARIA listbox keys), or null for any other key. */
function nextActive(key: string, active: number, last: number): number | null {
  if (key === 'ArrowDown') return Math.min(last, active + 1);
  if (key === 'ArrowUp') return Math.max(0, active - 1);
  if (key === 'PageDown') return Math.min(last, active + PAGE_STEP);
  if (key === 'PageUp') return Math.max(0, active - PAGE_STEP);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/**
 * Country dial-code picker (spec §2.3; WAI-ARIA "select-only combobox" opening a searchable listbox): a button
 * showing `+code`; it opens a search field over the list. Arrow keys, Home/End and Page keys move through the
 * list, Enter chooses, typing narrows it (by name, code or ISO letters) and Escape closes the list only: the form
 * around it, and what was typed there, stay. Leaving it closes it too (after 200 ms).
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
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const countries = useMemo(() => dialCountries(i18n.language), [i18n.language]);
  // In the page's digits, as every number it shows; a search typed in either script finds it.
  const shownCode = (code: string) => localDigits(code, i18n.language);
  const shown = useMemo(() => countries.filter((country) => matches(country, query)), [countries, query]);

  const open = (initialQuery = '') => {
    setQuery(initialQuery);
    const chosen = initialQuery ? -1 : countries.findIndex((country) => country.dialCode === value);
    setActive(Math.max(0, chosen));
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (country: DialCountry | undefined) => {
    if (country) onChange(country.dialCode);
    close(true);
  };

  useEffect(() => {
    if (isOpen) searchRef.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    if (isOpen) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const handleBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), DIAL_CODE_CLOSE_DELAY_MS);
  };
  const handleFocus = () => clearTimeout(closeTimer.current);

  const handleButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      open();
    } else if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: a letter or digit typed on the closed picker starts the search with it.
      event.preventDefault();
      open(event.key);
    }
  };

  const handleSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextActive(event.key, active, shown.length - 1);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape') {
      // The list closes, not the dialog it sits in: the browser must not turn this key into the dialog's cancel.
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the wrapper closes the list (spec §9: after 200 ms); its controls are a button, a search field and a listbox
    <div className="relative shrink-0" onBlur={handleBlur} onFocus={handleFocus}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-invalid={isInvalid || undefined}
        aria-label={value ? t('accounts.dial_code.current', { code: shownCode(value) }) : t('accounts.dial_code.choose')}
        onClick={() => (isOpen ? close(false) : open())}
        onKeyDown={handleButtonKey}
        className="flex h-full min-h-11 items-center gap-1 rounded-lg border border-slate-700 bg-slate-900 px-2.5 text-sm text-slate-100 aria-[invalid=true]:border-rose-400"
      >
        {value ? `+${shownCode(value)}` : t('accounts.dial_code.short')}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {isOpen && (
        <div className="absolute start-0 top-full z-10 mt-1 flex w-72 max-w-[calc(100vw-3rem)] flex-col rounded-lg border border-slate-700 bg-slate-900 shadow-xl">
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? optionId(active) : undefined}
            aria-label={t('accounts.dial_code.search')}
            placeholder={t('accounts.dial_code.search')}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={handleSearchKey}
            className="m-2 min-h-10 rounded-md border border-slate-700 bg-slate-950 px-2.5 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-amber-300"
          />
          <div id={listId} role="listbox" aria-label={t('accounts.dial_code.list')} className="max-h-60 overflow-y-auto pb-1">
            {shown.map((country, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard moves through the options from the search field (aria-activedescendant)
              <div
                id={optionId(index)}
                tabIndex={-1}
                key={country.iso2}
                role="option"
                aria-selected={index === active}
                data-chosen={country.dialCode === value || undefined}
                onClick={() => choose(country)}
                onMouseMove={() => setActive(index)}
                className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm text-slate-200 aria-selected:bg-slate-800 data-chosen:text-amber-300"
              >
                <span className="truncate">{country.name}</span>
                <span className="shrink-0 text-slate-400">+{shownCode(country.dialCode)}</span>
              </div>
            ))}
          </div>
          {shown.length === 0 && <p className="px-3 pb-2 text-sm text-slate-400">{t('accounts.dial_code.none')}</p>}
        </div>
      )}
    </div>
  );
}

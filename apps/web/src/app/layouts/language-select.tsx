import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { rememberLanguage } from '../../i18n/language-state';
import { findLanguage, type LanguageEntry, offeredLanguages } from '../../i18n/languages';
import { switchLanguage } from '../../i18n/locale-query';
import { isServerPaintedPage } from '../../lib/server-painted-page';
import { useSystemStatus } from '../../lib/system-status';
import { Flag } from '../../ui/flag';

/**
 * The language select of spec 2.2 ("flag plus list"), shown only when the site offers more than one language: a
 * button with the current language's flag and name opens a list of each language's flag and own name (the listbox
 * pattern: arrows, Home/End, Enter or Space chooses, Escape closes, focus back on the button). On the visitor's
 * static home page the button's tap starts the app and is replayed (prerender/early-taps.ts), which opens the list.
 */
export function LanguageSelect({
  className = 'flex',
  isNameAlwaysShown = false,
}: {
  className?: string;
  isNameAlwaysShown?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { product } = useSystemStatus();
  const queryClient = useQueryClient();
  const { key } = useLocation();
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const languages = offeredLanguages(product.supportLanguages);
  if (languages.length < 2) return null;
  const current = findLanguage(i18n.language) ?? (languages[0] as LanguageEntry);
  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const choose = (code: string) => {
    close(true);
    if (code === current.code) return;
    if (isServerPaintedPage(key)) {
      // The server's page may still be hydrating part by part: a part hydrated after the switch would meet the old
      // language's markup. The server writes the page anew in the chosen language instead.
      rememberLanguage(code);
      window.location.reload();
      return;
    }
    void switchLanguage(queryClient, code);
  };
  return (
    <div className={`${className} relative items-center`}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        onClick={() => setIsOpen(!isOpen)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setIsOpen(true);
        }}
        className="flex h-10 items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100 hover:bg-slate-800"
      >
        <span className="sr-only">{t('language.select')}: </span>
        <Flag country={current.flag} />
        {/* A phone's header has no room for the name beside log-in and sign-up: the flag shows, the name is read out. */}
        <span lang={current.code} className={isNameAlwaysShown ? undefined : 'sr-only sm:not-sr-only'}>
          {current.name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 text-slate-400">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {isOpen && (
        <LanguageList
          id={listId}
          label={t('language.select')}
          languages={languages}
          current={current.code}
          button={buttonRef}
          onChoose={choose}
          onClose={close}
        />
      )}
    </div>
  );
}

function LanguageList({
  id,
  label,
  languages,
  current,
  button,
  onChoose,
  onClose,
}: {
  id: string;
  label: string;
  languages: LanguageEntry[];
  current: string;
  button: React.RefObject<HTMLButtonElement | null>;
  onChoose: (code: string) => void;
  onClose: (returnFocus: boolean) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      languages.findIndex((language) => language.code === current),
    ),
  );
  useEffect(() => listRef.current?.focus(), []);
  const optionId = (code: string) => `${id}-${code}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const last = languages.length - 1;
    const chosen = languages[active]?.code ?? current;
    switch (event.key) {
      case 'Tab':
        onClose(false);
        return;
      case 'ArrowDown':
        setActive(Math.min(active + 1, last));
        break;
      case 'ArrowUp':
        setActive(Math.max(active - 1, 0));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        onChoose(chosen);
        break;
      case 'Escape':
        onClose(true);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={label}
      tabIndex={-1}
      aria-activedescendant={optionId((languages[active] as LanguageEntry).code)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // A tap on the button closes the list by its own click; on an option it chooses; anywhere else closes it.
        const to = event.relatedTarget;
        if (to !== button.current && !(to instanceof Node && event.currentTarget.contains(to))) onClose(false);
      }}
      className="absolute end-0 top-full z-40 mt-1 min-w-40 rounded-lg border border-slate-700 bg-slate-900 py-1 shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
    >
      {languages.map((language, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the listbox around it, which owns the keyboard
        <div
          key={language.code}
          id={optionId(language.code)}
          role="option"
          // Focusable by pointer only: the listbox owns the keyboard (aria-activedescendant).
          tabIndex={-1}
          aria-selected={language.code === current}
          lang={language.code}
          onClick={() => onChoose(language.code)}
          onPointerMove={() => setActive(index)}
          className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm text-slate-100 outline-none ${
            index === active ? 'bg-slate-800' : ''
          }`}
        >
          <Flag country={language.flag} />
          <span className="flex-1">{language.name}</span>
          {language.code === current && (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 text-amber-400">
              <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          )}
        </div>
      ))}
    </div>
  );
}

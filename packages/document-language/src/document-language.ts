let isBengaliFontRequested = false;

/**
 * Shows the page in a language: `<html lang dir>` (screen readers pick their voice from it, browsers their
 * hyphenation and fonts), and for Bengali the shipped Bengali web font, fetched once, only when BN is shown.
 */
export function applyDocumentLanguage(code: string, dir: 'ltr' | 'rtl' = 'ltr') {
  const root = document.documentElement;
  // Only when they change: setting either, even to the value it has, restyles the whole page.
  if (root.lang !== code) root.lang = code;
  if (root.dir !== dir) root.dir = dir;
  if (code === 'bn' && !isBengaliFontRequested) {
    isBengaliFontRequested = true;
    void import('./bengali-font');
  }
}

import Bowser from 'bowser';

/**
 * A user agent as a player recognises their device in a sign-in history: browser and system with their major
 * versions ("Chrome 131 · Android 14"), or null when the header says nothing readable. Only this summary is kept,
 * never the full header.
 */
export function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 1000));
  const major = (version: string | undefined) => version?.split('.')[0] ?? '';
  const parts = [
    [browser.name, major(browser.version)].filter(Boolean).join(' '),
    [os.name, major(os.version)].filter(Boolean).join(' '),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ').slice(0, 200) : null;
}

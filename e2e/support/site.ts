// Helpers for the player-site specs (e2e/specs/site): console-error capture, the popup-announcement flag,
// the layout parts of a route, and screenshots for the closing note.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { LANGUAGE_COOKIE } from '@tessera/contract/api/boot-data';
import { e2eEnv } from './env.js';

/** Collects console errors and uncaught exceptions of a page; `expectNone` fails with the list. */
export function captureConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return {
    errors,
    expectNone: () => expect(errors, 'console errors').toEqual([]),
  };
}

/** Marks the popup announcement as already shown in this tab's session (spec §2.3: once per session). */
export async function skipPopupAnnouncement(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('popupAnnouncementShown', '1'));
}

/** Starts the page in a language, as the language select stores it: local storage `lang` and `hisLang`. */
export async function storeLanguage(page: Page, code: 'bn' | 'en') {
  await page.addInitScript((lang) => {
    window.localStorage.setItem('lang', lang);
    window.localStorage.setItem('hisLang', lang);
  }, code);
}

/**
 * Starts the page as a returning visitor who chose a language: what the language select stores, and the cookie
 * the app mirrors it into, in which the server writes the page (apps/server/src/platform/boot-data.ts).
 */
export async function useLanguage(page: Page, code: 'bn' | 'en') {
  await storeLanguage(page, code);
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: code, url: e2eEnv.baseURL }]);
}

const LANGUAGE_NAMES = { bn: 'বাংলা', en: 'English' } as const;

/**
 * Switches the language as a player does: the header's language button (spec 2.2: flag plus list), then the
 * language's own name in its list; the page's language (`<html lang>`) is then the chosen one. On a phone a
 * member's header has no room for it: open the side menu first.
 */
export async function chooseLanguage(page: Page, code: 'bn' | 'en') {
  const pickers = page.getByRole('button', { name: /^(Language|ভাষা): / });
  await pickers.filter({ visible: true }).first().click();
  await page.getByRole('listbox').getByRole('option', { name: LANGUAGE_NAMES[code] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

export type Layout = 'full' | 'no-side-menu' | 'header-only' | 'no-header';

/** Asserts which shell parts a route shows (spec 2.1 layout variants). */
export async function expectLayout(page: Page, layout: Layout, isPhone: boolean) {
  const header = page.getByTestId('site-header');
  const footer = page.getByTestId('site-footer');
  const sideMenu = page.getByTestId(isPhone ? 'bottom-bar' : 'side-menu');
  const parts = {
    full: [true, true, true],
    'no-side-menu': [true, true, false],
    'header-only': [true, false, false],
    'no-header': [false, false, false],
  }[layout];
  const [hasHeader, hasFooter, hasSideMenu] = parts as [boolean, boolean, boolean];
  if (hasHeader) await expect(header).toBeVisible();
  else await expect(header).toHaveCount(0);
  if (hasFooter) await expect(footer).toBeAttached();
  else await expect(footer).toHaveCount(0);
  if (hasSideMenu) await expect(sideMenu).toBeVisible();
  else await expect(sideMenu).toHaveCount(0);
}

/** No text on the page (or in its fields' labels and messages) shows a message's bare `{{placeholder}}`. */
export async function expectNoRawPlaceholders(page: Page) {
  const lines = await page.evaluate(() => document.body.innerText.split('\n').filter((line) => line.includes('{{')));
  expect(lines, 'texts with a bare {{placeholder}}').toEqual([]);
}

/**
 * Saves a full-page screenshot to E2E_SHOTS_DIR when set (for people to look at), else to the test output. What
 * is worth a screenshot is worth a check: no bare `{{placeholder}}` on it.
 */
export async function saveShot(page: Page, testInfo: TestInfo, name: string) {
  await expectNoRawPlaceholders(page);
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  const path = dir ? join(dir, `${name}.png`) : testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export const isPhoneProject = (testInfo: TestInfo) => testInfo.project.name === 'phone';

type Locale = Record<string, Record<string, unknown>>;
const readLocale = (code: string): Locale =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${code}.json`, import.meta.url)), 'utf8')) as Locale;

/** The locale files, so specs name BN texts without copying them. */
export const locales = { bn: readLocale('bn'), en: readLocale('en') };

/** A text of a locale by its dotted key. */
export function text(code: 'bn' | 'en', key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locales[code]);
  if (typeof value !== 'string') throw new Error(`no text ${code}:${key}`);
  return value;
}

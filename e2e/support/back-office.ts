// Staff for the back-office specs: made by the operator command as an operator would, enrolled and logged in through
// the calls the enrolment and login screens make, and the axe scan every back-office screen must pass.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { admin } from './admin.js';

export const STAFF_PASSWORD = 'staff passphrase 2026';

/** The serious and critical WCAG 2.1 AA violations axe finds on the page, one line each. */
export async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A staff member made by `staff create` and enrolled over the API; answers their TOTP secret. */
export async function enrolledStaff(request: APIRequestContext, name: string, role: string): Promise<string> {
  const created = await admin('staff', 'create', name, '--role', role);
  const token = /\/bo\/enrol#([A-Za-z0-9_-]+)/.exec(created)?.[1];
  expect(token, created).toBeDefined();
  const start = await (await request.post('/bo/api/enrolment/start', { data: { token } })).json();
  const secret: string = start.value.secret;
  const done = await request.post('/bo/api/enrolment/complete', {
    data: { token, password: STAFF_PASSWORD, code: generateSync({ secret }) },
  });
  expect(done.status()).toBe(200);
  return secret;
}

/** An enrolled staff member logged in over the API: their session token. */
export async function staffToken(request: APIRequestContext, name: string, role: string): Promise<string> {
  const secret = await enrolledStaff(request, name, role);
  const first = await (await request.post('/bo/api/login', { data: { name, password: STAFF_PASSWORD } })).json();
  const second = await (
    await request.post('/bo/api/login/second-factor', {
      data: { challenge: first.value.challenge, code: generateSync({ secret }) },
    })
  ).json();
  expect(second.success, JSON.stringify(second)).toBe(true);
  return second.value.token;
}

/** Logs in through the login screen, password then code, and waits for the shell to name who is in. */
export async function logInStaff(page: Page, name: string, secret: string) {
  await page.goto('/bo/login');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('who')).toContainText(name);
}

/** Opens the back office already logged in with `token` (the app keeps it in the tab's sessionStorage). */
export async function openBackOffice(page: Page, token: string, path: string) {
  await page.addInitScript((value) => sessionStorage.setItem('tessera.bo.token', value), token);
  await page.goto(`/bo${path}`);
}

const backOfficeLocales = Object.fromEntries(
  (['bn', 'en'] as const).map((code) => [
    code,
    JSON.parse(readFileSync(fileURLToPath(new URL(`../../apps/back-office/locales/${code}.json`, import.meta.url)), 'utf8')),
  ]),
) as Record<'bn' | 'en', Record<string, unknown>>;

/** A text of the back office's locale by its dotted key, so specs name BN texts without copying them. */
export function backOfficeText(code: 'bn' | 'en', key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], backOfficeLocales[code]);
  if (typeof value !== 'string') throw new Error(`no back-office text ${code}:${key}`);
  return value;
}

/** Nothing pushes the page wider than the screen (a table scrolls inside its own frame). */
export async function expectFitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

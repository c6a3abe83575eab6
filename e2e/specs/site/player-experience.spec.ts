// What a new player met on the way (issue 25): a member is not asked to sign up, Bengali pages write numbers in
// Bengali digits, and a page other than home neither preloads the home banner nor warns about hydration.
import { expect, test } from '@playwright/test';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

for (const language of ['bn', 'en'] as const) {
  test(`a member is offered deposit and games, not sign-up and log-in (${language.toUpperCase()})`, async ({ page }, info) => {
    await skipPopupAnnouncement(page);
    await useLanguage(page, language);
    await startLoggedIn(page, await registerByApi(page.request, newUsername()));
    await page.goto('/index');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: text(language, 'home.hero.cta_deposit') })).toBeVisible();
    await expect(main.getByRole('link', { name: text(language, 'home.hero.cta_play') })).toBeVisible();
    await expect(page.getByRole('link', { name: text(language, 'home.hero.cta_register') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: text(language, 'home.hero.cta_login') })).toHaveCount(0);
    await expect(page.getByTestId('site-footer').getByText(text(language, 'shell.footer.steps_title'))).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await saveShot(page, info, `member-home-${info.project.name}-${language}`);

    await main.getByRole('button', { name: text(language, 'home.hero.cta_deposit') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/[?&]mc=depositv2/);
  });
}

/** The page's texts with a Latin digit in them (codes aside): on these pages the site writes every text itself. */
const latinDigitTexts = () =>
  [...document.querySelectorAll('body *:not(script):not(style):not(code)')]
    .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE))
    .map((node) => node.textContent ?? '')
    .filter((value) => /[0-9]/.test(value));

test('Bengali pages write their numbers in Bengali digits', async ({ page }, info) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'bn');
  for (const path of ['/index', '/join', '/rng', '/vip', '/promotions', '/no-such-page', '/register']) {
    await page.goto(path);
    await expect(page.locator('[role="status"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible();
    if (path === '/register')
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text('bn', 'accounts.register.submit') })
        .click();
    expect(await page.evaluate(latinDigitTexts), path).toEqual([]);
  }
  await saveShot(page, info, `register-errors-${info.project.name}-bn`);
});

test('a page other than home neither preloads the home banner nor warns while it loads', async ({ page, request }) => {
  await skipPopupAnnouncement(page);
  expect(await (await request.get('/index')).text()).toContain('rel="preload" as="image"');
  expect(await (await request.get('/vip')).text()).not.toContain('rel="preload" as="image"');
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto('/vip');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(3500); // the "preloaded but not used" warning comes a few seconds after load
  expect(messages.filter((message) => /HydrateFallback|preloaded/i.test(message))).toEqual([]);
});

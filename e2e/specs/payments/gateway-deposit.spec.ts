// A player deposits through a payment provider's hosted page (the TESTPSP stand-in that scripts/serve-for-e2e.sh
// starts beside the server): the order answers with the provider's page, the player pays there in a new tab, and
// the deposit page and the header balance follow live from the signed callback. Phone and desktop, BN and EN,
// with an accessibility scan and screenshots of each step.
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { BotCheckChallenge } from '@tessera/contract/api/bot-check';
import type { EnvelopeOf } from '@tessera/contract/envelope';
import { solveBotCheck } from '../../../apps/server/src/modules/bot-check/solve.js';
import { admin } from '../../support/admin.js';
import { saveShot, skipPopupAnnouncement, text, useLanguage } from '../../support/site.js';
import { newUsername, registerByApi, startLoggedIn } from '../accounts/account-kit.js';

test.describe.configure({ timeout: 180_000 });
/** What waits on the server, the provider and the live stream: generous, since the suite must pass on a loaded machine. */
const LOADED = { timeout: 30_000 };

async function newPlayer(page: Page, language: 'en' | 'bn') {
  await skipPopupAnnouncement(page);
  await useLanguage(page, language);
  const challenge = (await (await page.request.get('/wps/verification/bot-check')).json()) as EnvelopeOf<BotCheckChallenge>;
  await startLoggedIn(page, await registerByApi(page.request, newUsername(), { botCheck: await solveBotCheck(challenge.value) }));
}

async function seriousViolations(page: Page) {
  const scan = await new AxeBuilder({ page })
    .include('dialog[open]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** An amount as the page writes it: the currency symbol, then grouped digits (Bengali digits in BN). */
const money = (language: 'en' | 'bn', major: number) =>
  `৳ ${major.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-US', { minimumFractionDigits: 2 })}`;
const digits = (language: 'en' | 'bn', major: number) =>
  major.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-US', { minimumFractionDigits: 2 });

for (const language of ['en', 'bn'] as const) {
  test(`deposits through the provider's hosted page and the balance rises live (${language.toUpperCase()})`, async ({
    page,
    context,
  }, info) => {
    const device = info.project.name;
    const code = `tp${randomBytes(3).toString('hex')}`;
    await admin(
      'deposit',
      'channel',
      'add',
      code,
      '--kind',
      'instant',
      '--gateway',
      'testpsp',
      '--name',
      `TestPay ${code}`,
      '--name-bn',
      `টেস্টপে ${code}`,
      '--min',
      '100',
      '--max',
      '50000',
      '--minutes',
      '15',
      '--fee-bps',
      '150',
    );
    await newPlayer(page, language);
    await page.goto('/index?mc=depositv2');
    const centre = page.getByRole('dialog', { name: text(language, 'members_centre.title') });
    await centre.getByRole('radio', { name: language === 'en' ? `TestPay ${code}` : `টেস্টপে ${code}` }).check();
    const notice = text(language, 'deposit.gateway.notice').replace('{{minutes}}', (15).toLocaleString(language));
    await expect(centre.getByText(notice)).toBeVisible();
    await centre.getByTestId('deposit-amount').fill('1200');
    await centre.getByTestId('deposit-submit').click();

    const payment = centre.getByTestId('gateway-payment');
    const link = payment.getByTestId('gateway-pay-link');
    await expect(link).toBeVisible(LOADED);
    await expect(link).toHaveAttribute('target', '_blank');
    expect(await link.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/pay\/PAY[A-Z0-9]+$/);
    await expect(payment.getByTestId('gateway-status')).toContainText(
      text(language, 'deposit.gateway.waiting').split('{{')[0] as string,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `gateway-waiting-${language}-${device}`);
    await expect(page.getByTestId('header-balance-amount')).toHaveText(digits(language, 0));

    // The provider's page, in a new tab: the payer enters the wallet number and PIN and confirms.
    const [hosted] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await hosted.waitForLoadState();
    await expect(hosted.getByTestId('psp-amount')).toHaveText('BDT 1,200.00');
    await saveShot(hosted, info, `gateway-provider-page-${language}-${device}`);
    await hosted.getByLabel(language === 'en' ? 'Wallet number' : 'ওয়ালেট নম্বর').fill('01712345678');
    await hosted.getByLabel(language === 'en' ? 'PIN' : 'পিন').fill('1234');
    await hosted.getByRole('button', { name: language === 'en' ? 'Confirm payment' : 'পেমেন্ট নিশ্চিত করুন' }).click();
    await expect(hosted.getByTestId('psp-result')).toBeVisible();
    await hosted.close();

    // Back on the site, without a reload: the result and the balance arrive through the live stream.
    const approved = text(language, 'deposit.gateway.approved').replace('{{amount}}', money(language, 1200));
    await expect(payment.getByTestId('gateway-status')).toContainText(approved, LOADED);
    await expect(page.getByTestId('header-balance-amount')).toHaveText(digits(language, 1200), LOADED);
    await expect(centre.getByTestId('deposit-orders')).toContainText(text(language, 'deposit.status.approved'));
    expect(await seriousViolations(page)).toEqual([]);
    await saveShot(page, info, `gateway-approved-${language}-${device}`);

    // The next step: another deposit brings the form back.
    await payment.getByTestId('gateway-again').click();
    await expect(centre.getByTestId('deposit-amount')).toBeVisible();
  });
}

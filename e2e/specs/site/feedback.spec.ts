// Feedback: required content, image checks in the browser, and a real upload to PUT /wps/feedback.
import { expect, test } from '@playwright/test';
import { skipPopupAnnouncement, useLanguage } from '../../support/site.js';

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('feedback needs content, refuses other image types, and sends text with an image', async ({ page }) => {
  await skipPopupAnnouncement(page);
  await useLanguage(page, 'en');
  await page.goto('/feedback');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const content = page.getByRole('textbox', { name: 'Your feedback' });
  await expect(content).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Input cannot be empty')).toBeVisible();

  const images = page.getByLabel('Screenshots (optional)');
  await images.setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Only png or jpg images can be sent.')).toBeVisible();
  await images.setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'screen.png' })).toBeVisible();

  await content.fill('The lobby search could also match provider names.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you! Your feedback has been sent.')).toBeVisible();
  await expect(page.getByText(/Reference number: \d+/)).toBeVisible();
});

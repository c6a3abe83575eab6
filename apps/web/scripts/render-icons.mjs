#!/usr/bin/env node
// Renders the PWA's PNG icons from the SVG sources in public/icons/ with Debian's Chromium (Playwright).
// The PNGs are committed; run this again after editing an SVG: `node apps/web/scripts/render-icons.mjs`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const renditions = [
  { source: 'icon.svg', size: 192, out: 'icon-192.png' },
  { source: 'icon.svg', size: 512, out: 'icon-512.png' },
  { source: 'icon-maskable.svg', size: 512, out: 'icon-maskable-512.png' },
  // iOS draws its own rounded corners: the full-bleed maskable art suits the home-screen icon.
  { source: 'icon-maskable.svg', size: 180, out: 'apple-touch-icon.png' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { source, size, out } of renditions) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const svg = readFileSync(`${dir}${source}`, 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').screenshot({ path: `${dir}${out}`, omitBackground: true });
    await page.close();
    console.log(`${out} ${size}×${size}`);
  }
} finally {
  await browser.close();
}

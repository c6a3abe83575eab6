import type { Announcement, AnnouncementLists } from '@tessera/contract/api/content';
import { describe, expect, it } from 'vitest';
import bn from '../../../../../locales/bn.json';
import en from '../../../../../locales/en.json';
import { systemStatusFixture } from '../../test/system-status-fixture';
import { renderHomePage } from './render-home';

const banner: Announcement = {
  id: '1',
  type: 'B',
  title: 'Welcome <b>in</b>',
  content: '',
  language: 'en',
  url: '/media/content/welcome.svg',
  groupName: null,
  linkageType: 'route',
  link: '/promotions',
  sortOrder: 0,
  time: 0,
  endTime: null,
};
const lists: AnnouncementLists = { banners: [banner], player: [], popup: [], promotion: [], headline: [] };
const status = systemStatusFixture({ product: { ...systemStatusFixture().product, defaultLang: 'en' } });

function parse(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('renderHomePage', () => {
  it('renders the home page of a visitor from the boot data, in its language', async () => {
    const page = await renderHomePage({ status, announcements: { language: 'en', lists } });
    expect(page?.language).toBe('en');
    const root = parse(page?.html ?? '');
    expect(root.querySelector('[data-testid="site-header"]')?.textContent).toContain(en.shell.header.login);
    const image = root.querySelector('main img');
    expect(image?.getAttribute('src')).toBe('/media/content/welcome.svg');
    // Texts from the server are escaped like any React text.
    expect(image?.getAttribute('alt')).toBe('Welcome <b>in</b>');
    expect(root.querySelector('h1')?.textContent).toBe(en.home.hero.title.replace('{{brand}}', 'Tessera'));
    // What the boot data does not hold shows its loading state, as the browser's first render does.
    expect(root.querySelector('#home-hot')?.parentElement?.parentElement?.querySelector('[role="status"]')).not.toBeNull();
  });

  it("writes numbers in the page's numerals, as the browser's translator does", async () => {
    const bengali = systemStatusFixture({ product: { ...systemStatusFixture().product, defaultLang: 'bn' } });
    const page = await renderHomePage({ status: bengali, announcements: { language: 'bn', lists } });
    const slide = parse(page?.html ?? '').querySelector('[aria-roledescription="slide"]');
    expect(slide?.getAttribute('aria-label')).toBe(bn.home.banner_position.replace('{{count}}', '১').replace('{{index}}', '১'));
  });

  it('marks the header, the side menu, the footer, the bottom bar and each home section for hydration apart', async () => {
    const page = await renderHomePage({ status, announcements: { language: 'en', lists } });
    const boundaries = (page?.html ?? '').match(/<!--\$-->/g) ?? [];
    expect(boundaries).toHaveLength(8);
  });

  it('renders nothing for a closed site, a login-only site, without announcements, or without a locale', async () => {
    expect(await renderHomePage({ status: systemStatusFixture({ status: 1, maintenance: true }) })).toBeNull();
    const loginOnly = { ...status, product: { ...status.product, loginedToHomePage: true } };
    expect(await renderHomePage({ status: loginOnly, announcements: { language: 'en', lists } })).toBeNull();
    expect(await renderHomePage({ status })).toBeNull();
    expect(await renderHomePage({ status, announcements: { language: 'xx', lists } })).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { preloadBootChunks } from './preload-boot-chunks';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('preloadBootChunks', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('preloads every chunk the page lists', () => {
    document.head.innerHTML =
      '<script type="application/json" id="boot-chunks">{"boot":["/assets/boot-1.js"],"route":["/assets/home-2.js"]}</script>';
    preloadBootChunks();
    expect(preloads()).toEqual(['/assets/boot-1.js', '/assets/home-2.js']);
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('preloads nothing when the list is absent or not a list of addresses', () => {
    preloadBootChunks();
    document.head.innerHTML = '<script type="application/json" id="boot-chunks">{"boot":[7,{"url":"x"}]}</script>';
    preloadBootChunks();
    document.head.innerHTML = '<script type="application/json" id="boot-chunks">[broken</script>';
    preloadBootChunks();
    expect(preloads()).toEqual([]);
  });
});

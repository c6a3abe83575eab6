import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_LOADING, imageCdn, imageUrl, isLoaded, loadedCount, rememberLoaded, resetImageCdn } from './image-loader';

afterEach(resetImageCdn);

describe('image addresses', () => {
  it('uses the same origin when the server lists no image CDN', () =>
    expect(imageUrl('/media/catalogue/games/a.svg', [])).toBe('/media/catalogue/games/a.svg'));

  it('prefixes one CDN chosen at random, and keeps it for the whole page load', () => {
    const cdns = ['https://img1.example.test/', 'https://img2.example.test'];
    expect(imageCdn(cdns, () => 0.9)).toBe('https://img2.example.test');
    expect(imageUrl('/media/a.svg', cdns)).toBe('https://img2.example.test/media/a.svg');
    expect(imageUrl('media/b.svg', cdns)).toBe('https://img2.example.test/media/b.svg');
  });

  it('keeps absolute addresses and has nothing for a missing path', () => {
    expect(imageUrl('https://other.example.test/x.png', ['https://cdn.test'])).toBe('https://other.example.test/x.png');
    expect(imageUrl(null, [])).toBeNull();
  });
});

describe('loaded-image cache', () => {
  it('remembers at most the spec 9 number of images, dropping the oldest', () => {
    for (let i = 0; i < IMAGE_LOADING.cacheSize + 20; i += 1) rememberLoaded(`/img/${i}.png`);
    expect(loadedCount()).toBe(IMAGE_LOADING.cacheSize);
    expect(isLoaded('/img/0.png')).toBe(false);
    expect(isLoaded(`/img/${IMAGE_LOADING.cacheSize + 19}.png`)).toBe(true);
  });

  it('uses the spec 9 constants', () =>
    expect(IMAGE_LOADING).toEqual({ preload: 1.3, attempts: 3, throttleMs: 200, cacheSize: 200 }));
});

import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberLoaded } from '../lib/image-loader';
import { LazyImage } from './lazy-image';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

describe('LazyImage', () => {
  it("hydrates the server's markup although the browser has loaded the image meanwhile, then shows it", async () => {
    const src = '/media/catalogue/games/hydrated.svg';
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LazyImage src={src} alt="" />);
    document.body.append(container);
    // The same image, shown by a part of the page that started first, is in the loaded-image cache.
    rememberLoaded(src);
    const mismatches: unknown[] = [];
    await act(async () => {
      roots.push(
        hydrateRoot(container, <LazyImage src={src} alt="" />, { onRecoverableError: (error) => mismatches.push(error) }),
      );
    });
    expect(mismatches).toEqual([]);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(src);
  });

  it('shows an image this page has loaded already on its first render', () => {
    const src = '/media/catalogue/games/known.svg';
    rememberLoaded(src);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    roots.push(root);
    act(() => root.render(<LazyImage src={src} alt="" />));
    expect(container.querySelector('img')?.getAttribute('src')).toBe(src);
  });
});

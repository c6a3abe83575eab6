import { PRERENDERED_ATTRIBUTE } from '@tessera/contract/api/boot-data';
import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteEarlyTaps, replayEarlyTap } from './early-taps';

function Menu() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <button type="button" onClick={() => setIsOpen(true)}>
      {isOpen ? 'open' : 'closed'}
    </button>
  );
}

/** A container as the server sends it: the prerendered markup, marked. */
function prerendered() {
  const container = document.createElement('div');
  container.setAttribute(PRERENDERED_ATTRIBUTE, 'en');
  container.innerHTML = renderToString(<Menu />);
  document.body.append(container);
  return container;
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

describe('early taps on the prerendered page', () => {
  it('are replayed once hydration has started, so the tap does what it would have done', async () => {
    const container = prerendered();
    noteEarlyTaps(container);
    const button = container.querySelector('button');
    button?.click();
    expect(button?.textContent).toBe('closed');
    await act(async () => {
      roots.push(hydrateRoot(container, <Menu />));
      replayEarlyTap(container, true);
    });
    expect(container.querySelector('button')).toBe(button);
    expect(button?.textContent).toBe('open');
  });

  it('are dropped when the page is rendered anew instead of hydrated', () => {
    const container = prerendered();
    noteEarlyTaps(container);
    const button = container.querySelector('button');
    const clicks = vi.fn();
    button?.addEventListener('click', clicks);
    button?.click();
    replayEarlyTap(container, false);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('are not noted on a page the server did not prerender', async () => {
    const container = prerendered();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    noteEarlyTaps(container);
    container.querySelector('button')?.click();
    await act(async () => {
      roots.push(hydrateRoot(container, <Menu />));
      replayEarlyTap(container, true);
    });
    expect(container.querySelector('button')?.textContent).toBe('closed');
  });
});

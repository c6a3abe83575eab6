import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { useModals } from '../../lib/modal-store';
import { DIALOG_DEFAULTS } from '../../ui/dialog-defaults';
import { ModalHost } from './modal-host';

vi.mock('./registry', async () => {
  const { lazy } = await import('react');
  // A popup whose chunk is still on its way (a slow phone network).
  return { modalRegistry: { notice: lazy(() => new Promise<never>(() => {})) } };
});

afterEach(() => {
  act(() => useModals.getState().closeAll());
  vi.useRealTimers();
});

describe('ModalHost', () => {
  it("shows nothing for the spec's wrapper delay while a popup loads, then a box of the default size with a spinner", async () => {
    await activateLanguage('en');
    vi.useFakeTimers();
    render(<ModalHost />);
    act(() => useModals.getState().open('notice', { title: 'T', html: '' }));
    act(() => vi.advanceTimersByTime(DIALOG_DEFAULTS.wrapperDelayMs - 10));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByRole('status').textContent).toBe('Opening…');
    expect(screen.getByTestId('popup-wrapper').style.width).toBe(`${DIALOG_DEFAULTS.wrapperSize}px`);
  });
});

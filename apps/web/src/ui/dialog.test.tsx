import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ showClose = true }: { showClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open notice
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Notice" closeLabel="Close" showClose={showClose}>
        <input aria-label="Answer" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled by its title and moves focus inside, then restores it to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open notice' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('keeps focus inside while tabbing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape when closable', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores Escape and shows no close control when the close flag is off', async () => {
    const user = userEvent.setup();
    render(<Harness showClose={false} />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('does not close when the backdrop is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByTestId('dialog-backdrop') });
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
  });

  it('fixes the page scroll position while open and restores it on close', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 480 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-480px');
    await user.keyboard('{Escape}');
    expect(document.body.style.position).toBe('');
    expect(document.body.style.top).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(0, 480);
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ showClose = true, specialClose = false }: { showClose?: boolean; specialClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open notice
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Notice"
        closeLabel="Close"
        showClose={showClose}
        specialClose={specialClose}
      >
        <input aria-label="Answer" />
      </Dialog>
    </>
  );
}

// happy-dom's <dialog> only toggles `open`: the browser's own parts of a modal dialog (focus moved in and kept
// inside, Escape as a `cancel` event, the inert page) are checked in a real browser by e2e/specs/site.
const cancel = (dialog: HTMLElement) => {
  const event = new Event('cancel', { cancelable: true });
  fireEvent(dialog, event);
  return event;
};

describe('Dialog', () => {
  it('opens modally in the body, labelled by its title, and gives focus back to the opener on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open notice' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(container.contains(dialog)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('wraps Tab and Shift+Tab around inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const answer = screen.getByRole('textbox', { name: 'Answer' });
    answer.focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(answer);
  });

  it("closes on Escape (the dialog's cancel event) when closable, the browser's own closing stopped", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    const event = cancel(screen.getByRole('dialog', { name: 'Notice' }));
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores Escape and shows no close control when the close flag is off', async () => {
    const user = userEvent.setup();
    render(<Harness showClose={false} />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    const event = cancel(screen.getByRole('dialog', { name: 'Notice' }));
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('does not close when the backdrop (the dialog element outside its box) is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('dialog', { name: 'Notice' }) });
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
  });

  it('closes on a click on the backdrop with the special-close flag, and not on a click inside its box', async () => {
    const user = userEvent.setup();
    render(<Harness specialClose />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 100, width: 300, height: 200 }));
    fireEvent.click(dialog, { clientX: 200, clientY: 150 });
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'Answer' }));
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    fireEvent.click(dialog, { clientX: 20, clientY: 400 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fixes the page scroll position while open and restores it on close', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 480 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open notice' }));
    expect(document.body.style.position).toBe('fixed');
    expect(document.body.style.top).toBe('-480px');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.position).toBe('');
    expect(document.body.style.top).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(0, 480);
  });
});

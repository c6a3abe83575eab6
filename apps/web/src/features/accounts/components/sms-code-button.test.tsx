import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { useModals } from '../../../lib/modal-store';
import { renderWithApp, stubAccountCalls } from '../../../test/accounts-kit';
import { SmsCodeButton } from './sms-code-button';

afterEach(() => {
  vi.useRealTimers();
  useModals.getState().closeAll();
});

describe('SmsCodeButton', () => {
  it('waits out expiredMinutes × 60 s after a send, showing the seconds left', async () => {
    stubAccountCalls({});
    const onSend = vi.fn(async () => ({ expiredMinutes: 1 }));
    await renderWithApp(<SmsCodeButton onSend={onSend} canSend={async () => true} />);
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    const waiting = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(waiting).toHaveProperty('disabled', true);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 59 s' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend in 59 s' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it("does not send when the number is not right, and shows a failed send's server message in a warning", async () => {
    stubAccountCalls({});
    const onSend = vi.fn(async (): Promise<{ expiredMinutes: number }> => {
      throw new ApiError({ code: 'sms.too.frequent', status: 429, messageKey: 'errors.sms_too_frequent' });
    });
    let isValid = false;
    await renderWithApp(<SmsCodeButton onSend={onSend} canSend={async () => isValid} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await act(async () => {});
    expect(onSend).not.toHaveBeenCalled();
    isValid = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() =>
      expect(useModals.getState().stack.map((m) => [m.name, m.props])).toEqual([
        ['accountWarning', { messageKey: 'errors.sms_too_frequent' }],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });
});

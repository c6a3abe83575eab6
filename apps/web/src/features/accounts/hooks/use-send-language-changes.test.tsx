import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { ok, stubAccountCalls } from '../../../test/accounts-kit';
import { useSendLanguageChanges } from './use-send-language-changes';

describe('useSendLanguageChanges (spec 7.1 language update on change)', () => {
  it('sends each language the site switches to while mounted, and none after', async () => {
    await activateLanguage('en');
    const sent: unknown[] = [];
    stubAccountCalls({
      setLanguage: ({ body }) => {
        sent.push(body);
        return ok(null);
      },
    });
    const hook = renderHook(() => useSendLanguageChanges());
    await act(() => activateLanguage('bn'));
    expect(sent).toEqual([{ language: 'bn' }]);
    hook.unmount();
    await act(() => activateLanguage('en'));
    expect(sent).toEqual([{ language: 'bn' }]);
  });

  it('keeps the page working when the send fails', async () => {
    await activateLanguage('en');
    stubAccountCalls({
      setLanguage: () => ({
        status: 401,
        body: { success: false, code: 'login.not.session', message: 'errors.not_logged_in', value: null },
      }),
    });
    const hook = renderHook(() => useSendLanguageChanges());
    await act(() => activateLanguage('bn'));
    expect(document.documentElement.lang).toBe('bn');
    hook.unmount();
    await activateLanguage('en');
  });
});

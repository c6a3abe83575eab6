import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { onMissingParameter } from '../i18n/missing-parameter';

// Every component test doubles as a check that no message is shown with a bare `{{placeholder}}`.
onMissingParameter((message, name) => {
  throw new Error(`"${message}" was shown without its parameter "${name}"`);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

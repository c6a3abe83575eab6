import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe() {
  return (
    <button type="button" disabled={!useHydrated()}>
      go
    </button>
  );
}

describe('useHydrated', () => {
  it('is false in the server render and true in the browser', () => {
    expect(renderToString(<Probe />)).toContain('disabled');
    render(<Probe />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'go' }).disabled).toBe(false);
  });
});

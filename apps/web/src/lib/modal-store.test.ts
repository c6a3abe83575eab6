import { afterEach, describe, expect, it } from 'vitest';
import { useModals } from './modal-store';

afterEach(() => useModals.getState().closeAll());

describe('modal store', () => {
  it('opens a popup that is already open only once (a double click while its chunk loads)', () => {
    const { open } = useModals.getState();
    const first = open('login', {});
    const second = open('login', {});
    expect(second).toBe(first);
    expect(useModals.getState().stack.map((modal) => modal.name)).toEqual(['login']);
  });

  it('stacks the same popup with other content, and a different popup over it', () => {
    const { open } = useModals.getState();
    open('notice', { title: 'One', html: '<p>1</p>' });
    open('notice', { title: 'Two', html: '<p>2</p>' });
    open('login', {});
    expect(useModals.getState().stack.map((modal) => [modal.name, (modal.props as { title?: string }).title])).toEqual([
      ['notice', 'One'],
      ['notice', 'Two'],
      ['login', undefined],
    ]);
  });

  it('opens the popup again after it was closed', () => {
    const { open, close } = useModals.getState();
    const first = open('login', {});
    close(first);
    expect(open('login', {})).not.toBe(first);
    expect(useModals.getState().stack).toHaveLength(1);
  });
});

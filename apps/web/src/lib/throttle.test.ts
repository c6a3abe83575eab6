import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at once, then at most once per 200 ms with the latest arguments', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const throttled = throttle((n: number) => calls.push(n), 200);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
  });
});

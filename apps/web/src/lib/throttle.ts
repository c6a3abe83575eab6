/** Spec §9: infinite-scroll lists and lazy images react to scrolling at most every 200 ms. */
export const SCROLL_THROTTLE_MS = 200;

/** Calls `fn` at most once per `waitMs`, on the leading edge and once more at the end of a burst. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs = SCROLL_THROTTLE_MS) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = waitMs - (Date.now() - last);
    if (wait <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        if (pending) run(pending);
        pending = undefined;
      },
      Math.max(wait, 0),
    );
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}

import { useEffect, useState } from 'react';

/**
 * Seconds left until `endsAt` (epoch ms), ticking each second; 0 when there is none or it has passed.
 * Spec §4: the SMS send button waits expiredMinutes × 60 s and shows the seconds remaining.
 */
export function useCountdown(endsAt: number | null): number {
  const secondsLeft = () => (endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
  const [left, setLeft] = useState(secondsLeft);
  // A timer is an outside system: the effect only syncs the ticking clock with React.
  useEffect(() => {
    const tick = () => setLeft(endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    tick();
    if (endsAt === null) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return left;
}

import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { WhitelabelNode } from '@tessera/contract/settings';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSystemStatus } from '../../../lib/system-status';
import { getBotCheckChallenge } from './get-challenge';
import { type Solver, solveInWorkers } from './solve';

export type BotCheckStatus = 'off' | 'solving' | 'solved' | 'failed';

export interface BotCheck {
  status: BotCheckStatus;
  /** The `botCheck` value for the next login or registration, awaiting the work if needed; undefined when off. */
  token(): Promise<string | undefined>;
  /** Starts over with a new challenge: spec §4, a failed login resets the widget (a solution is single use). */
  reset(): void;
}

const failed = () => new ApiError({ code: 'bot.check.failed', status: 400, messageKey: 'errors.bot_check_failed' });

/**
 * The bot check of a login or registration form (BOTCHECK3): it starts solving as soon as the form opens, so
 * that by the time the player submits the proof of work is usually done.
 */
export function useBotCheck(solve: Solver = solveInWorkers): BotCheck {
  const { info } = useSystemStatus();
  const isOn = isFeatureEnabled(info.whitelabel as WhitelabelNode, FEATURES.botCheck);
  const [status, setStatus] = useState<BotCheckStatus>(isOn ? 'solving' : 'off');
  const [round, setRound] = useState(0);
  const work = useRef<Promise<string> | null>(null);

  // The workers are an outside system: the effect starts them for this round and stops them when it ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (reset) is what restarts the work
  useEffect(() => {
    if (!isOn) return;
    const controller = new AbortController();
    setStatus('solving');
    const pending = getBotCheckChallenge(controller.signal).then((challenge) => solve(challenge, controller));
    work.current = pending;
    pending.then(
      () => !controller.signal.aborted && setStatus('solved'),
      () => !controller.signal.aborted && setStatus('failed'),
    );
    return () => controller.abort();
  }, [isOn, round, solve]);

  return {
    status: isOn ? status : 'off',
    token: async () => {
      if (!isOn) return undefined;
      if (!work.current) throw failed();
      return work.current.catch(() => {
        throw failed();
      });
    },
    reset: () => setRound((value) => value + 1),
  };
}

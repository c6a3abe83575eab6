import type { MissionInput } from '@tessera/contract/api/back-office-loyalty';
import type { MissionKind } from '@tessera/contract/routes/loyalty';
import { parseMajor } from '../../lib/money';

/** Deposit and valid-bet targets are amounts of money; the other kinds count bets or days. */
export const isMoneyTarget = (kind: MissionKind) => kind === 'deposit' || kind === 'valid_bet';
/** Only bet missions can be limited to one game category. */
export const hasCategory = (kind: MissionKind) => kind === 'valid_bet' || kind === 'bet_count';

export const NAME_LANGUAGES = ['en', 'bn'] as const;

/** Which field of the form a problem belongs to, with the translation key that explains it. */
export interface InputProblem {
  field: 'target' | 'rewardAmount' | 'promotionId';
  key: string;
}

const WHOLE = /^[1-9][0-9]{0,15}$/;

/**
 * The form's text as the server's mission input: money typed in major units becomes minor units, counts and points
 * stay whole numbers, and a bonus reward names its promotion. The server checks the rest (a name in the default
 * language, the promotion being a free bonus of the site).
 */
export function missionInputOf(
  text: (name: string) => string,
  minorDigits: number,
): { input: MissionInput } | { problem: InputProblem } {
  const kind = text('kind') as MissionKind;
  const rewardType = text('rewardType') as MissionInput['rewardType'];
  const money = (value: string) => {
    const minor = parseMajor(value, minorDigits);
    return minor !== null && minor !== '0' ? minor : null;
  };
  const target = isMoneyTarget(kind) ? money(text('target')) : WHOLE.test(text('target')) ? text('target') : null;
  if (target === null)
    return {
      problem: { field: 'target', key: isMoneyTarget(kind) ? 'missions.form.amount_invalid' : 'missions.form.count_invalid' },
    };
  const rewardAmount =
    rewardType === 'bonus' ? money(text('rewardAmount')) : WHOLE.test(text('rewardAmount')) ? text('rewardAmount') : null;
  if (rewardAmount === null)
    return {
      problem: {
        field: 'rewardAmount',
        key: rewardType === 'bonus' ? 'missions.form.amount_invalid' : 'missions.form.count_invalid',
      },
    };
  const promotionId = rewardType === 'bonus' ? text('promotionId') : '';
  if (rewardType === 'bonus' && !WHOLE.test(promotionId))
    return { problem: { field: 'promotionId', key: 'missions.form.promotion_needed' } };
  const names: Record<string, string> = {};
  for (const language of NAME_LANGUAGES) if (text(`name_${language}`)) names[language] = text(`name_${language}`);
  return {
    input: {
      names,
      kind,
      gameCategory: hasCategory(kind) && text('gameCategory') ? text('gameCategory').toUpperCase() : null,
      target,
      period: text('period') as MissionInput['period'],
      rewardType,
      rewardAmount,
      promotionId: rewardType === 'bonus' ? promotionId : null,
    },
  };
}

/** A saved amount back in the form's terms: major units for money, the whole number otherwise. */
export function formTextOf(value: string, isMoney: boolean, minorDigits: number): string {
  if (!isMoney || minorDigits === 0) return value;
  const padded = value.padStart(minorDigits + 1, '0');
  const whole = padded.slice(0, -minorDigits);
  const fraction = padded.slice(-minorDigits).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

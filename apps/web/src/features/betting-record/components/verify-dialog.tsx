import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlotOutcome } from '@tessera/contract/api/house-games';
import type { OriginalOutcome } from '@tessera/contract/api/original-outcome';
import { localDigits } from '@tessera/contract/money-format';
import * as houseGamesRoutes from '@tessera/contract/routes/house-games';
import { symbolFace, symbolName } from '@tessera/house-engine/slots/symbols';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest, errorMessageKey } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useMoney } from '../../../lib/use-money';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { verifyQuery } from '../api/queries';
import { verifyInBrowser } from '../verify-round';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="font-mono text-xs break-all text-slate-100">{children}</dd>
    </div>
  );
}

/** The reels as the game drew them: each symbol's glyph in its colour, with its name. */
function Grid({ outcome }: { outcome: SlotOutcome }) {
  const { t, i18n } = useTranslation();
  const rows = outcome.base.grid[0]?.length ?? 0;
  return (
    <table className="border-collapse text-center font-mono text-xs" aria-label={t('betting.verify_view.grid')}>
      <tbody>
        {Array.from({ length: rows }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: grid rows have no identity but their position
          <tr key={row}>
            {outcome.base.grid.map((reel, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: same
              <td key={column} className="border border-slate-700 px-2 py-1">
                <span
                  aria-hidden="true"
                  className="block text-lg font-bold"
                  style={{ color: symbolFace(reel[row] ?? '').colour }}
                >
                  {symbolFace(reel[row] ?? '').glyph}
                </span>
                <span className="block font-sans text-[0.65rem] text-slate-300">
                  {symbolName(reel[row] ?? '', i18n.language)}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An instant game's draw in words: the roll, the drawn multiplier, the wheel's segment or the mines, beside the player's choice. */
function Draw({ outcome }: { outcome: OriginalOutcome }) {
  const { t, i18n } = useTranslation();
  const number = (value: number, decimals: number) => localDigits(value.toFixed(decimals), i18n.language);
  let text: string;
  if (outcome.game === 'dice')
    text = t('betting.verify_view.dice', {
      roll: number(outcome.roll / 100, 2),
      target: number(outcome.target / 100, 2),
      direction: t(`betting.verify_view.dice_${outcome.direction}`),
    });
  else if (outcome.game === 'limbo')
    text = t('betting.verify_view.limbo', { result: number(outcome.result / 100, 2), target: number(outcome.target / 100, 2) });
  else if (outcome.game === 'mines')
    text = t(outcome.hit ? 'betting.verify_view.mines_hit' : 'betting.verify_view.mines', {
      picks: number(outcome.picks.length, 0),
      mines: number(outcome.mines, 0),
      tiles: outcome.mineTiles.map((tile) => number(tile + 1, 0)).join(', '),
      multiplier: number(outcome.multiplier / 10_000, 2),
    });
  else
    text = t('betting.verify_view.wheel', {
      segment: number(outcome.segment + 1, 0),
      segments: number(outcome.segments, 0),
      risk: t(`betting.verify_view.risk_${outcome.risk}`),
      multiplier: number(outcome.multiplier / 100, 2),
    });
  return <p className="text-sm text-slate-100">{text}</p>;
}

/**
 * The verify view of one house round: the seeds, the outcome, and the browser's own re-computation with the
 * house engine (never the server's `verified` flag). While the seed is secret the player may reveal it.
 */
export default function VerifyDialog({
  roundId,
  gameNameOf,
  onClose,
}: {
  roundId: string;
  /** A game's name as the betting record lists it; its code is shown only when the record does not know it. */
  gameNameOf: (gameCode: string) => string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const money = useMoney();
  const client = useQueryClient();
  const verification = useQuery(verifyQuery(token, roundId));
  const reveal = useMutation({
    mutationFn: () => apiRequest(houseGamesRoutes.rotateSeed, { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['betting-record', 'verify'] }),
  });
  const verdict = verification.data ? verifyInBrowser(verification.data) : null;

  let body: ReactNode;
  if (verification.isPending) body = <Loading />;
  else if (verification.isError) {
    body =
      verification.error instanceof ApiError && verification.error.status === 404 ? (
        <p role="alert">{t(errorMessageKey(verification.error))}</p>
      ) : (
        <LoadFailed onRetry={() => void verification.refetch()} />
      );
  } else {
    const { round, serverSeed } = verification.data;
    body = (
      <div className="flex flex-col gap-4 text-sm">
        <dl className="grid gap-2 sm:grid-cols-2">
          <Field label={t('betting.verify_view.game')}>
            <span className="font-sans text-sm">{gameNameOf(round.gameCode) ?? round.gameCode}</span>
          </Field>
          <Field label={t('betting.verify_view.time')}>{formatDateTime(round.time)}</Field>
          <Field label={t('betting.verify_view.stake')}>{money.format(round.bet)}</Field>
          <Field label={t('betting.verify_view.win')}>{money.format(round.win)}</Field>
          <Field label={t('betting.verify_view.commitment')}>{round.commitment}</Field>
          <Field label={t('betting.verify_view.server_seed')}>{serverSeed ?? t('betting.verify_view.seed_secret')}</Field>
          <Field label={t('betting.verify_view.client_seed')}>{round.clientSeed}</Field>
          <Field label={t('betting.verify_view.nonce')}>{round.nonce}</Field>
        </dl>
        <div className="flex flex-col gap-2 overflow-x-auto">
          <p className="text-xs text-slate-400">
            {'game' in round.outcome ? t('betting.verify_view.draw') : t('betting.verify_view.outcome')}
          </p>
          {'game' in round.outcome ? <Draw outcome={round.outcome} /> : <Grid outcome={round.outcome} />}
        </div>
        <div aria-live="polite" data-testid="verify-verdict">
          {verdict?.state === 'verified' && (
            <p className="rounded-lg border border-emerald-500/50 bg-emerald-500/10 px-3 py-2 font-semibold text-emerald-200">
              {t('betting.verify_view.verified')}
            </p>
          )}
          {verdict?.state === 'mismatch' && (
            <p role="alert" className="rounded-lg border border-rose-500/50 bg-rose-500/10 px-3 py-2 font-semibold text-rose-200">
              {verdict.commitmentMatches ? t('betting.verify_view.outcome_mismatch') : t('betting.verify_view.seed_mismatch')}
            </p>
          )}
          {verdict?.state === 'sealed' && (
            <div className="flex flex-col items-start gap-2">
              <p className="text-slate-300">{t('betting.verify_view.sealed')}</p>
              <Button onClick={() => reveal.mutate()} disabled={reveal.isPending}>
                {t('betting.verify_view.reveal')}
              </Button>
              {reveal.isError && <p role="alert">{t(errorMessageKey(reveal.error))}</p>}
            </div>
          )}
        </div>
        <p className="text-xs text-slate-400">{t('betting.verify_view.how')}</p>
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('betting.verify_view.title', { roundId })}
      closeLabel={t('betting.verify_view.close')}
      width={640}
    >
      {body}
    </Dialog>
  );
}

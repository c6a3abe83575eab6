import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractKind, Rates } from '@tessera/contract/agent-contracts';
import type { Contract } from '@tessera/contract/api/agent-contracts';
import { OFFERED_PAGE_SIZE } from '@tessera/contract/routes/agent-contracts';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { contractsQuery, processContract } from '../api/queries';
import { type ContractAction, ContractCard } from './contract-card';
import { OfferForm } from './offer-form';

const TITLES: Record<ContractKind, ParseKeys> = {
  dividend: 'agents.entry.dividend',
  dailySalary: 'agents.entry.daily_salary',
  hourlySalary: 'agents.entry.hourly_salary',
  realTimeSalary: 'agents.entry.real_time_salary',
};

/** Asks before an action that binds the agent: what it does, then confirm or cancel; a refusal shows in place. */
function ConfirmAction({
  kind,
  pending,
  onClose,
}: {
  kind: ContractKind;
  pending: { contract: Contract; action: ContractAction } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<ParseKeys | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  if (!pending) return null;
  const { contract, action } = pending;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await processContract(kind, { action: action === 'withdraw' ? 'terminate' : action, contractId: contract.id });
      await queryClient.invalidateQueries({ queryKey: ['agentContracts'] });
      close();
    } catch (failure) {
      setError(errorMessageKey(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t(`contracts.confirm.${action}_title`)}
      description={t(`contracts.confirm.${action}_text`, { upline: contract.upline, downline: contract.downline })}
      closeLabel={t('contracts.confirm.cancel')}
      minHeight={180}
    >
      <div className="flex flex-col gap-4" data-testid="contract-confirm">
        {error && (
          <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
            {t(error)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('contracts.confirm.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
            {t(`contracts.action.${action}`)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The agent-centre page of one contract kind (spec 2.5 dividend, daily, hourly and real-time salary): the contract
 * offered by the upline (accept, reject, terminate), the offer form for a direct downline agent, and the contracts
 * offered downward with their statuses, paged.
 */
export function ContractsPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const { page, hrefFor, onNavigate } = useListParams('cpage');
  const contracts = useQuery(contractsQuery(token, kind, page));
  const [pending, setPending] = useState<{ contract: Contract; action: ContractAction } | null>(null);
  const onAction = (contract: Contract, action: ContractAction) => setPending({ contract, action });

  return (
    <div className="flex flex-col gap-5" data-testid={`contracts-${kind}`}>
      <h2 className="text-lg font-semibold text-slate-50">{t(TITLES[kind])}</h2>
      <ListStates query={contracts} isEmpty={() => false} empty={null}>
        {(data) => (
          <>
            <section aria-labelledby={`${kind}-received`} className="flex flex-col gap-3">
              <h3 id={`${kind}-received`} className="text-base font-semibold text-slate-100">
                {t('contracts.received_title')}
              </h3>
              {data.received.length === 0 ? (
                <EmptyState title={t('contracts.received_empty')} text={t('contracts.received_empty_hint')} />
              ) : (
                data.received.map((contract) => (
                  <ContractCard key={contract.id} contract={contract} kind={kind} side="received" onAction={onAction} />
                ))
              )}
            </section>
            <section aria-labelledby={`${kind}-offer`} className="flex flex-col gap-3">
              <h3 id={`${kind}-offer`} className="text-base font-semibold text-slate-100">
                {t('contracts.offer.title')}
              </h3>
              {!data.enabled ? (
                <p className="text-sm text-slate-300">{t('errors.contract_kind_off')}</p>
              ) : data.ceiling === null ? (
                <p className="text-sm text-slate-300" data-testid="offer-none">
                  {t('contracts.offer.no_ceiling')}
                </p>
              ) : (
                <OfferForm
                  key={`${kind}-${data.periods.join()}`}
                  kind={kind}
                  data={{ ...data, ceiling: data.ceiling as Rates }}
                  onOffered={() => queryClient.invalidateQueries({ queryKey: ['agentContracts'] })}
                />
              )}
            </section>
            <section aria-labelledby={`${kind}-offered`} className="flex flex-col gap-3">
              <h3 id={`${kind}-offered`} className="text-base font-semibold text-slate-100">
                {t('contracts.offered_title')}
              </h3>
              {data.offered.length === 0 ? (
                <EmptyState title={t('contracts.offered_empty')} />
              ) : (
                <>
                  {data.offered.map((contract) => (
                    <ContractCard key={contract.id} contract={contract} kind={kind} side="offered" onAction={onAction} />
                  ))}
                  <Pagination
                    current={page}
                    total={Math.ceil(data.offeredTotal / OFFERED_PAGE_SIZE)}
                    hrefFor={hrefFor}
                    onNavigate={onNavigate}
                    labels={{ nav: t('contracts.pages') }}
                  />
                </>
              )}
            </section>
          </>
        )}
      </ListStates>
      <ConfirmAction kind={kind} pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}

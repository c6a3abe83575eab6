import { CONTRACT_KINDS, CONTRACT_STATUSES, formatRate, RATES } from '@tessera/contract/agent-contracts';
import type { ContractRow } from '@tessera/contract/api/back-office-agent-contracts';
import * as routes from '@tessera/contract/routes/back-office-agent-contracts';
import { CONTRACT_LIST_PAGE_SIZES } from '@tessera/contract/routes/back-office-agent-contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { can, useStaffSession } from '../../lib/session';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { FilterForm } from '../../ui/filter-form';
import { useListState } from '../../ui/list-state';
import { ListPager } from '../../ui/pager';
import { ErrorNotice } from '../../ui/states';

const LIST = {
  filters: { kind: '', status: '', account: '' },
  sort: { sort: 'newest' as const, order: 'desc' as const },
  sorts: ['newest'] as const,
  pageSize: 25 as const,
  sizes: CONTRACT_LIST_PAGE_SIZES,
};

/** A contract's top rates, "5.00 %" or "profit 0.50 % / loss 0.80 %". */
function ratesOf(contract: ContractRow) {
  const tiers = contract.tiers as unknown as Record<string, number>[];
  return RATES[contract.kind]
    .map((name) => `${formatRate(Math.max(0, ...tiers.map((tier) => Number(tier[name]))))} %`)
    .join(' / ');
}

/**
 * Agent contracts: every contract of the merchant with its kind, parties, status, rates, dates and the upline chain
 * when it was accepted; an operator with `contracts.manage` ends one (at the end of its period, audited with a
 * reason). The top agents' limits and the offer templates are the `agentContracts` site setting.
 */
export function AgentContractsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const list = useListState(LIST);
  const contracts = useCall(routes.contractList, {
    kind: (list.filters.kind || undefined) as (typeof CONTRACT_KINDS)[number] | undefined,
    status: (list.filters.status || undefined) as (typeof CONTRACT_STATUSES)[number] | undefined,
    account: list.filters.account || undefined,
    page: list.page,
    pageSize: list.pageSize,
  });

  return (
    <section aria-labelledby="contracts-title">
      <h1 id="contracts-title">{t('contracts.title')}</h1>
      <p className="hint">
        {t('contracts.limits_hint')} {can(me, 'settings.edit') && <Link to="/settings">{t('contracts.limits_link')}</Link>}
      </p>
      <FilterForm
        label={t('contracts.search')}
        fields={[
          {
            kind: 'select',
            name: 'kind',
            label: t('contracts.col.kind'),
            options: CONTRACT_KINDS.map((kind) => ({ value: kind, label: t(`contracts.kind.${kind}`) })),
            anyLabel: t('contracts.any'),
          },
          {
            kind: 'select',
            name: 'status',
            label: t('contracts.col.status'),
            options: CONTRACT_STATUSES.map((status) => ({ value: status, label: t(`contracts.status.${status}`) })),
            anyLabel: t('contracts.any'),
          },
          { kind: 'text', name: 'account', label: t('contracts.account'), hint: t('contracts.account_hint'), maxLength: 64 },
        ]}
        values={list.filters}
        onApply={list.setFilters}
        submitLabel={t('contracts.find')}
      />
      <QueryView
        query={contracts}
        isEmpty={(data) => data.contracts.length === 0}
        empty={t('contracts.none')}
        count={(data) => t('contracts.count', { count: data.total })}
      >
        {(data) => (
          <DataTable
            caption={t('contracts.results')}
            busy={contracts.isFetching}
            head={
              <>
                <th scope="col">{t('contracts.col.id')}</th>
                <th scope="col">{t('contracts.col.kind')}</th>
                <th scope="col">{t('contracts.col.upline')}</th>
                <th scope="col">{t('contracts.col.downline')}</th>
                <th scope="col">{t('contracts.col.status')}</th>
                <th scope="col">{t('contracts.col.rates')}</th>
                <th scope="col">{t('contracts.col.period')}</th>
                <th scope="col">{t('contracts.col.from')}</th>
                <th scope="col">{t('contracts.col.to')}</th>
                <th scope="col">{t('contracts.col.chain')}</th>
              </>
            }
          >
            {data.contracts.map((contract) => (
              <tr key={contract.id}>
                <th scope="row">{contract.id}</th>
                <td>{t(`contracts.kind.${contract.kind}`)}</td>
                <td>{contract.upline}</td>
                <td>{contract.downline}</td>
                <td>
                  {t(`contracts.status.${contract.status}`)}
                  {contract.endReason && contract.status !== 'offered' ? ` (${t(`contracts.reason.${contract.endReason}`)})` : ''}
                </td>
                <td>{ratesOf(contract)}</td>
                <td>{t(`contracts.period.${contract.period}`)}</td>
                <td>{contract.effectiveFrom === null ? '–' : formatTime(contract.effectiveFrom)}</td>
                <td>{contract.effectiveTo === null ? '–' : formatTime(contract.effectiveTo)}</td>
                <td>{contract.chain.length ? contract.chain.join(' › ') : '–'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryView>
      <ListPager label={t('contracts.pages')} list={list} total={contracts.data?.total ?? 0} />
      {can(me, 'contracts.manage') && <TerminateForm />}
    </section>
  );
}

/** Ends a contract by its id: one in force at the end of its period, an offer at once; the reason is audited. */
function TerminateForm() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<ContractRow | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await apiCall(routes.contractTerminate, {
        body: { id: String(form.get('id') ?? '').trim(), reason: String(form.get('reason') ?? '').trim() },
      });
      setDone(answer.contract);
      formElement.reset();
      await invalidate(routes.contractList);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel" onSubmit={(event) => void submit(event)} aria-labelledby="contracts-end-title">
      <h2 id="contracts-end-title">{t('contracts.end.title')}</h2>
      <p className="hint">{t('contracts.end.explain')}</p>
      <Field label={t('contracts.end.id')} name="id" required maxLength={19} inputMode="numeric" autoComplete="off" />
      <div className="field">
        <label htmlFor="contracts-end-reason">{t('contracts.end.reason')}</label>
        <textarea id="contracts-end-reason" name="reason" required minLength={3} maxLength={200} rows={2} />
      </div>
      {error !== null && <ErrorNotice error={error} />}
      {done && (
        <p className="notice" role="status">
          {t('contracts.end.done', { id: done.id, status: t(`contracts.status.${done.status}`) })}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {t('contracts.end.submit')}
        </button>
      </div>
    </form>
  );
}

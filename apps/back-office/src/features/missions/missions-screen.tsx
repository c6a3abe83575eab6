import type { MissionAdmin } from '@tessera/contract/api/back-office-loyalty';
import * as routes from '@tessera/contract/routes/back-office-loyalty';
import * as moneyRoutes from '@tessera/contract/routes/back-office-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { type Currency, formatCount, formatMinor } from '../../lib/money';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { DoneNotice, ErrorNotice } from '../../ui/states';
import { MissionForm } from './mission-form';
import { isMoneyTarget } from './mission-input';

const PLAIN: Currency = { symbol: '', minorDigits: 2 };

/**
 * Missions: daily, weekly and one-off tasks with their target and reward, listed with how many members completed and
 * claimed them; created, changed, stopped and run again here (each audited on the server).
 */
export function MissionsScreen() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const missions = useCall(routes.missionList);
  const money = useCall(moneyRoutes.threshold);
  const currency = money.data ?? PLAIN;
  const [editing, setEditing] = useState<MissionAdmin | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const edit = (mission: MissionAdmin | null) => {
    setEditing(mission);
    setFormKey((key) => key + 1);
  };
  const toggle = async (mission: MissionAdmin) => {
    setError(null);
    setDone(null);
    try {
      const running = mission.stoppedAt === null;
      await apiCall(running ? routes.missionStop : routes.missionResume, { body: { id: mission.id } });
      setDone(running ? t('missions.stopped') : t('missions.resumed'));
      await invalidate(routes.missionList);
    } catch (failure) {
      setError(failure);
    }
  };
  const target = (mission: MissionAdmin) =>
    isMoneyTarget(mission.kind) ? formatMinor(mission.target, currency) : formatCount(Number(mission.target));
  const reward = (mission: MissionAdmin) =>
    mission.rewardType === 'points'
      ? t('missions.points', { points: formatCount(Number(mission.rewardAmount)) })
      : t('missions.bonus', { amount: formatMinor(mission.rewardAmount, currency), promotion: mission.promotionId });

  return (
    <section aria-labelledby="missions-title">
      <h1 id="missions-title">{t('missions.title')}</h1>
      <p className="hint">{t('missions.intro')}</p>
      {error !== null && <ErrorNotice error={error} />}
      {done && <DoneNotice>{done}</DoneNotice>}
      <QueryView query={missions} needs={[money]} isEmpty={(data) => data.items.length === 0} empty={t('missions.none')}>
        {(data) => (
          <DataTable
            caption={t('missions.title')}
            busy={missions.isFetching}
            head={
              <>
                <th scope="col">{t('missions.col.name')}</th>
                <th scope="col">{t('missions.col.period')}</th>
                <th scope="col">{t('missions.col.task')}</th>
                <th scope="col">{t('missions.col.reward')}</th>
                <th scope="col">{t('missions.col.completed')}</th>
                <th scope="col">{t('missions.col.state')}</th>
                <th scope="col">{t('missions.col.actions')}</th>
              </>
            }
          >
            {data.items.map((mission) => {
              const name = mission.names.en ?? Object.values(mission.names)[0] ?? mission.id;
              return (
                <tr key={mission.id} data-testid="mission-row">
                  <th scope="row">
                    {name}
                    {mission.names.bn && (
                      <small className="hint" lang="bn">
                        {' '}
                        {mission.names.bn}
                      </small>
                    )}
                  </th>
                  <td>{t(`missions.period.${mission.period}`)}</td>
                  <td>
                    {t(`missions.kind.${mission.kind}`, { target: target(mission) })}
                    {mission.gameCategory && <small className="hint"> {mission.gameCategory}</small>}
                  </td>
                  <td>{reward(mission)}</td>
                  <td>
                    {t('missions.counts', {
                      completed: formatCount(mission.completedCount),
                      claimed: formatCount(mission.claimedCount),
                    })}
                  </td>
                  <td>
                    {mission.stoppedAt === null
                      ? t('missions.running', { since: formatTime(mission.startsAt) })
                      : t('missions.stopped_at', { at: formatTime(mission.stoppedAt) })}
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn"
                      onClick={() => edit(mission)}
                      aria-label={t('missions.edit_label', { name })}
                    >
                      {t('missions.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      onClick={() => void toggle(mission)}
                      aria-label={t(mission.stoppedAt === null ? 'missions.stop_label' : 'missions.resume_label', { name })}
                    >
                      {mission.stoppedAt === null ? t('missions.stop') : t('missions.resume')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </QueryView>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => edit(null)}>
          {t('missions.new')}
        </button>
      </div>
      <MissionForm key={formKey} editing={editing} currency={currency} />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { AGENT_NOTICES_PER_PAGE } from '@tessera/contract/routes/agents';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ListStates } from '../../../ui/list-page/list-states';
import { Pagination } from '../../../ui/list-page/pagination';
import { useListParams } from '../../../ui/list-page/use-list-params';
import { SafeHtml } from '../../../ui/safe-html';
import { noticeQuery, noticesQuery } from '../api/queries';

const PARAM = { page: 'npage', notice: 'anotice' } as const;

function NoticeDetails({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const notice = useQuery(noticeQuery(token, id));
  return (
    <div className="flex flex-col gap-3" data-testid="agent-notice">
      <Button variant="secondary" className="self-start" onClick={onBack}>
        {t('agents.notices.back')}
      </Button>
      <ListStates query={notice} isEmpty={() => false} empty={null}>
        {(item) => (
          <article className="flex flex-col gap-2 rounded-2xl border border-slate-700 bg-slate-900 p-4">
            <h3 className="text-base font-semibold text-slate-50">{item.title}</h3>
            <p className="text-xs text-slate-400">{t('agents.notices.published', { time: formatDateTime(item.time) })}</p>
            <SafeHtml html={item.content} className="text-sm leading-relaxed text-slate-200" />
          </article>
        )}
      </ListStates>
    </div>
  );
}

/** Agent-centre page `agentAnnouncement` (spec 2.5): the notices the operator wrote for agents, newest first, paged. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const { params, page, update, hrefFor, onNavigate } = useListParams(PARAM.page);
  const notices = useQuery(noticesQuery(token, page));
  const open = params.get(PARAM.notice);

  if (open) return <NoticeDetails id={open} onBack={() => update({ [PARAM.notice]: null }, true)} />;

  return (
    <div className="flex flex-col gap-4" data-testid="agent-notices">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.notices.title')}</h2>
      <ListStates
        query={notices}
        isEmpty={(data) => data.notices.length === 0 && data.total === 0}
        empty={<EmptyState title={t('agents.notices.empty')} text={t('agents.notices.empty_hint')} />}
      >
        {(data) => (
          <>
            <ul aria-label={t('agents.notices.list')} className="flex flex-col gap-2">
              {data.notices.map((notice) => (
                <li
                  key={notice.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-700 bg-slate-900 p-3"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-100">{notice.title}</p>
                    <p className="text-xs text-slate-400">{formatDateTime(notice.time)}</p>
                  </div>
                  <Button
                    variant="secondary"
                    onClick={() => update({ [PARAM.notice]: notice.id }, true)}
                    aria-label={t('agents.notices.open_of', { title: notice.title })}
                  >
                    {t('agents.notices.open')}
                  </Button>
                </li>
              ))}
            </ul>
            <Pagination
              current={page}
              total={Math.ceil(data.total / AGENT_NOTICES_PER_PAGE)}
              hrefFor={hrefFor}
              onNavigate={onNavigate}
              labels={{ nav: t('agents.notices.pages') }}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}

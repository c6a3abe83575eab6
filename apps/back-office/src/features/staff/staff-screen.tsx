import * as routes from '@tessera/contract/routes/back-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { downloadText } from '../../lib/download';
import { useCall, useInvalidate } from '../../lib/use-call';
import { Field } from '../../ui/field';
import { Empty, ErrorNotice, Loading } from '../../ui/states';
import { csvText } from './csv';
import { RolesEditor } from './roles-editor';

/** Staff accounts and roles: an owner adds a member with a role and hands over the one-time enrolment link. */
export function StaffScreen() {
  const { t } = useTranslation();
  const staff = useCall(routes.staffList);
  const roles = useCall(routes.roles);
  const invalidate = useInvalidate();
  const [link, setLink] = useState<{ name: string; url: string; expiresAt: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const name = String(form.get('name')).trim().toLowerCase();
    setBusy(true);
    setError(null);
    setLink(null);
    try {
      const created = await apiCall(routes.staffCreate, { body: { name, role: String(form.get('role')) } });
      setLink({ name, url: `${window.location.origin}${created.enrolmentPath}`, expiresAt: created.expiresAt });
      formElement.reset();
      await invalidate(routes.staffList);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">{t('staff.title')}</h1>

      <form className="panel inline-form" onSubmit={create} aria-labelledby="staff-add-title">
        <h2 id="staff-add-title">{t('staff.add')}</h2>
        <Field
          label={t('staff.name')}
          hint={t('staff.name_hint')}
          name="name"
          required
          pattern="[a-z][a-z0-9._\-]{2,31}"
          maxLength={32}
          autoComplete="off"
        />
        <div className="field">
          <label htmlFor="staff-role">{t('staff.role')}</label>
          <select id="staff-role" name="role" required defaultValue="">
            <option value="" disabled>
              {t('staff.choose_role')}
            </option>
            {roles.data?.map((role) => (
              <option key={role.name} value={role.name}>
                {role.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('staff.create')}
        </button>
      </form>
      {error !== null && <ErrorNotice error={error} />}
      {link && (
        <div className="notice notice-success" role="status">
          <p>
            <strong>{t('staff.link_title', { name: link.name })}</strong>{' '}
            {t('staff.link_once', { time: formatTime(link.expiresAt) })}
          </p>
          <p className="link-row">
            <code data-testid="enrolment-link">{link.url}</code>
            <button type="button" className="btn" onClick={() => void navigator.clipboard?.writeText(link.url)}>
              {t('staff.copy')}
            </button>
          </p>
        </div>
      )}

      <h2>{t('staff.members')}</h2>
      <div className="actions">
        <button
          type="button"
          className="btn"
          disabled={!staff.data?.length}
          onClick={() =>
            downloadText(
              'staff.csv',
              csvText(
                ['name', 'role', 'state', 'created', 'created_by'],
                (staff.data ?? []).map((m) => [m.name, m.role, m.state, new Date(m.createdAt).toISOString(), m.createdBy]),
              ),
              'text/csv',
            )
          }
        >
          {t('staff.members_export')}
        </button>
      </div>
      {staff.isPending ? (
        <Loading />
      ) : staff.isError ? (
        <ErrorNotice error={staff.error} onRetry={() => void staff.refetch()} />
      ) : staff.data.length === 0 ? (
        <Empty>{t('staff.empty')}</Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t('staff.members')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.name')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.state')}</th>
                <th scope="col">{t('staff.created')}</th>
                <th scope="col">{t('staff.created_by')}</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((member) => (
                <tr key={member.id}>
                  <td>{member.name}</td>
                  <td>{member.role}</td>
                  <td>
                    <span className={`badge badge-${member.state}`}>{t(`staff.states.${member.state}`)}</span>
                  </td>
                  <td>{formatTime(member.createdAt)}</td>
                  <td>{member.createdBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <RolesEditor />
    </section>
  );
}

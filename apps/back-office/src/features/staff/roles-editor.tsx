import * as routes from '@tessera/contract/routes/back-office';
import { PERMISSIONS, type Permission, ROLE_NAME_PATTERN } from '@tessera/contract/staff-permissions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../lib/api';
import { downloadText } from '../../lib/download';
import { useCall, useInvalidate } from '../../lib/use-call';
import { DataTable, QueryView } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { ErrorNotice } from '../../ui/states';
import { csvText } from './csv';

const checkedPermissions = (form: HTMLFormElement): Permission[] =>
  new FormData(form).getAll('permission').map(String) as Permission[];

/** Checkboxes of every permission, those of the role ticked. */
function PermissionBoxes({ legend, chosen }: { legend: string; chosen: readonly string[] }) {
  return (
    <fieldset className="permissions">
      <legend>{legend}</legend>
      {PERMISSIONS.map((permission) => (
        <label key={permission}>
          <input type="checkbox" name="permission" value={permission} defaultChecked={chosen.includes(permission)} />{' '}
          <code>{permission}</code>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Roles as named permission sets: an owner adds one, changes its set, deletes one nobody has. The server refuses a
 * change that would leave no active staff member with every permission, and says so.
 */
export function RolesEditor() {
  const { t } = useTranslation();
  const roles = useCall(routes.roles);
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await action();
      setNotice(done);
      return true;
    } catch (error) {
      setFailure(error);
      return false;
    } finally {
      setBusy(false);
      await invalidate(routes.roles);
    }
  };

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name')).trim();
    const body = { name, permissions: checkedPermissions(form) };
    if (await run(() => apiCall(routes.roleCreate, { body }), t('staff.role_created', { name }))) form.reset();
  };

  const save = async (event: FormEvent<HTMLFormElement>, name: string) => {
    event.preventDefault();
    const body = { name, permissions: checkedPermissions(event.currentTarget) };
    if (await run(() => apiCall(routes.roleUpdate, { body }), t('staff.role_saved', { name }))) setEditing(null);
  };

  const remove = (name: string) => run(() => apiCall(routes.roleDelete, { body: { name } }), t('staff.role_deleted', { name }));

  const exportCsv = () => {
    const rows = (roles.data ?? []).map((role) => [role.name, role.permissions.join(' ')]);
    downloadText('roles.csv', csvText(['name', 'permissions'], rows), 'text/csv');
  };

  return (
    <>
      <h2 id="roles-title">{t('staff.roles')}</h2>
      {failure !== null && <ErrorNotice error={failure} />}
      {notice !== null && (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      )}
      <QueryView query={roles} isEmpty={(data) => data.length === 0} empty={t('staff.roles_empty')}>
        {(data) => (
          <>
            <div className="actions">
              <button type="button" className="btn" onClick={exportCsv}>
                {t('staff.roles_export')}
              </button>
            </div>
            <DataTable
              caption={t('staff.roles')}
              head={
                <>
                  <th scope="col">{t('staff.role')}</th>
                  <th scope="col">{t('staff.permissions')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('draws.col.actions')}</span>
                  </th>
                </>
              }
            >
              {data.map((role) => (
                <tr key={role.name}>
                  <td>{role.name}</td>
                  <td>
                    {editing === role.name ? (
                      <form
                        onSubmit={(event) => void save(event, role.name)}
                        aria-label={t('staff.edit_role', { name: role.name })}
                      >
                        <PermissionBoxes legend={t('staff.permissions_of', { name: role.name })} chosen={role.permissions} />
                        <div className="row-actions">
                          <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                            {t('staff.save_role')}
                          </button>
                          <button type="button" className="btn btn-small" onClick={() => setEditing(null)}>
                            {t('draws.cancel')}
                          </button>
                        </div>
                      </form>
                    ) : (
                      <>
                        <strong>{t('staff.permission_count', { count: role.permissions.length })}</strong>{' '}
                        <span className="muted">{role.permissions.join(', ') || '–'}</span>
                      </>
                    )}
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={editing === role.name}
                      onClick={() => setEditing(role.name)}
                      aria-label={t('staff.edit_role', { name: role.name })}
                    >
                      {t('staff.edit')}
                    </button>
                    {role.name !== 'owner' && (
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        disabled={busy}
                        onClick={() => void remove(role.name)}
                        aria-label={t('staff.delete_role', { name: role.name })}
                      >
                        {t('staff.delete')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </QueryView>

      <form className="panel" onSubmit={(event) => void create(event)} aria-labelledby="role-add-title">
        <h3 id="role-add-title">{t('staff.add_role')}</h3>
        <Field
          label={t('staff.role_name')}
          hint={t('staff.role_name_hint')}
          name="name"
          required
          pattern={ROLE_NAME_PATTERN.slice(1, -1)}
          maxLength={32}
          autoComplete="off"
        />
        <PermissionBoxes legend={t('staff.permissions')} chosen={[]} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('staff.create_role')}
        </button>
      </form>
    </>
  );
}

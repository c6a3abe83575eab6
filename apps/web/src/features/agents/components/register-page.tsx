import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '@tessera/contract/api/agents';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { Button } from '../../../ui/button';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, required, sameAs } from '../../../ui/form/rules-resolver';
import { SelectField } from '../../../ui/form/select-field';
import { ListStates } from '../../../ui/list-page/list-states';
import { QrCode } from '../../../ui/qr-code';
import { centreQuery, registerDownline } from '../api/queries';

interface DownlineValues {
  kind: 'member' | 'agent';
  username: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: DownlineValues = { kind: 'member', username: '', password: '', confirmPassword: '' };

/** The agent's invite code and link, with a QR code of the link and a copy control. */
function Invite({ code }: { code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;
  const copy = async () => {
    await navigator.clipboard?.writeText(link);
    setCopied(true);
  };
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4 sm:flex-row sm:items-center">
      <QrCode text={link} label={t('agents.register.qr_label')} className="size-36 shrink-0 self-center" />
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <dl className="flex flex-col gap-2">
          <div>
            <dt className="text-xs text-slate-400">{t('agents.register.invite_code')}</dt>
            <dd className="font-mono text-base font-semibold text-amber-200" data-testid="invite-code">
              {code}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-400">{t('agents.register.invite_link')}</dt>
            <dd className="break-all text-slate-100" data-testid="invite-link">
              {link}
            </dd>
          </div>
        </dl>
        <div className="flex items-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            {t('agents.register.copy')}
          </Button>
          <span role="status" className="text-xs text-emerald-300">
            {copied ? t('agents.register.copied') : ''}
          </span>
        </div>
      </div>
    </section>
  );
}

/**
 * Agent-centre page `agentRegister` (spec 2.5): the agent creates a direct downline member or sub-agent under the
 * sign-up rules of account name and password (checked by the server), and shares their invite link.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const centre = useQuery(centreQuery(token));
  const [created, setCreated] = useState<TeamMember | null>(null);
  const form = useForm<DownlineValues>({
    defaultValues: EMPTY,
    resolver: checksResolver<DownlineValues>({
      username: [required()],
      password: [required()],
      confirmPassword: [required(), sameAs('password')],
    }),
  });

  const handleSubmit = async (values: DownlineValues) => {
    const member = await registerDownline(values);
    setCreated(member);
    form.reset({ ...EMPTY, kind: values.kind });
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  };

  return (
    <div className="flex flex-col gap-4" data-testid="agent-register">
      <h2 className="text-lg font-semibold text-slate-50">{t('agents.register.title')}</h2>
      <ListStates query={centre} isEmpty={() => false} empty={null}>
        {(data) =>
          data.inviteCode ? (
            <Invite code={data.inviteCode} />
          ) : (
            <p className="text-sm text-slate-300">{t('agents.register.no_code')}</p>
          )
        }
      </ListStates>
      <Form form={form} onSubmit={handleSubmit} label={t('agents.register.form')} onAttempt={() => setCreated(null)}>
        <SelectField<DownlineValues>
          name="kind"
          label={t('agents.register.kind')}
          options={[
            { value: 'member', label: t('agents.register.kind_member') },
            { value: 'agent', label: t('agents.register.kind_agent') },
          ]}
        />
        <TextField<DownlineValues> name="username" autoComplete="off" label={t('accounts.fields.username')} />
        <TextField<DownlineValues>
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('accounts.fields.password')}
        />
        <TextField<DownlineValues>
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          label={t('accounts.fields.confirm_password')}
        />
        <FormAlert />
        <FormNotice testId="downline-created">{created && t('agents.register.created', { account: created.account })}</FormNotice>
        <SubmitButton>{t('agents.register.submit')}</SubmitButton>
      </Form>
    </div>
  );
}

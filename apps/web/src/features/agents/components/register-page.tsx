import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamMember } from '@tessera/contract/api/agents';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, required, sameAs } from '../../../ui/form/rules-resolver';
import { SelectField } from '../../../ui/form/select-field';
import { InviteCard } from '../../../ui/invite-card';
import { ListStates } from '../../../ui/list-page/list-states';
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
  return (
    <InviteCard
      code={code}
      link={`${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`}
      labels={{
        qr: t('agents.register.qr_label'),
        code: t('agents.register.invite_code'),
        link: t('agents.register.invite_link'),
        copy: t('agents.register.copy'),
        copied: t('agents.register.copied'),
      }}
    />
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

import { useQueryClient } from '@tanstack/react-query';
import { NICKNAME_BOUNDS, nicknameProblem } from '@tessera/contract/validation/nickname';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TRIAL_AGENT_TYPE } from '../../../lib/gated-action';
import { useMembersCentreEntry } from '../../../lib/use-members-centre-entry';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Form, FormAlert, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver, type FieldCheck } from '../../../ui/form/rules-resolver';
import { setNickname } from '../api/profile-calls';
import { closeOn } from '../components/close-on';

interface NicknameValues {
  nickname: string;
}

const BOUNDS = { min: NICKNAME_BOUNDS.min, max: NICKNAME_BOUNDS.max };

/** The contract's nickname check, with the bounds the message names. */
const validNickname =
  <V,>(): FieldCheck<V> =>
  (value) => {
    const problem = nicknameProblem(value);
    return problem ? { key: problem, params: problem === 'validation.required' ? {} : BOUNDS } : null;
  };

function NicknameForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<NicknameValues>({
    defaultValues: { nickname: '' },
    resolver: checksResolver<NicknameValues>({ nickname: [validNickname()] }),
  });
  const handleSubmit = async (values: NicknameValues) => {
    const result = await setNickname(values.nickname);
    setSaved(result.nickname);
    await queryClient.invalidateQueries({ queryKey: ['accounts', 'member-info'] });
  };

  if (saved !== null) {
    return (
      <p role="status" className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-200">
        {t('accounts.first_login.nickname_saved', { nickname: saved })}
      </p>
    );
  }
  return (
    <Form form={form} onSubmit={handleSubmit} label={t('accounts.first_login.nickname_form')}>
      <TextField<NicknameValues>
        name="nickname"
        autoComplete="nickname"
        spellCheck={false}
        label={t('accounts.fields.nickname')}
        hint={t('accounts.first_login.nickname_hint', BOUNDS)}
      />
      <FormAlert />
      <SubmitButton>{t('accounts.first_login.nickname_save')}</SubmitButton>
    </Form>
  );
}

/**
 * Spec §4 first-login action: a welcome with the account's name and ID, a nickname to choose (other players see
 * it), an offer to add a recovery e-mail or mobile (without one a forgotten password has no way back) and one to
 * set a deposit limit, both in the members centre's security page. A trial account only gets the
 * welcome: it has no members centre. Every part may be skipped; the server counts the first login as done.
 */
export function FirstLoginPopup({
  onClose,
  account,
  id,
  agentType = 0,
}: {
  onClose: () => void;
  account: string;
  id: number;
  agentType?: number;
}) {
  const { t } = useTranslation();
  const openMembersCentre = useMembersCentreEntry();
  const isTrial = agentType === TRIAL_AGENT_TYPE;

  const openMyAccount = () => {
    onClose();
    openMembersCentre('securityCenter');
  };

  return (
    <Dialog
      open
      onOpenChange={closeOn(onClose)}
      title={t('accounts.first_login.title')}
      closeLabel={t('modal.close')}
      width={420}
      minHeight={200}
    >
      <div className="flex flex-col gap-4">
        <div>
          <p className="text-sm text-slate-200">{t('accounts.first_login.text', { account })}</p>
          <p className="text-sm text-slate-400">{t('accounts.menu.member_id', { id })}</p>
        </div>
        {!isTrial && (
          <>
            <NicknameForm />
            <section aria-labelledby="first-login-recovery" className="rounded-lg border border-amber-400/40 p-3">
              <h3 id="first-login-recovery" className="text-sm font-semibold text-slate-100">
                {t('accounts.first_login.recovery_title')}
              </h3>
              <p className="mt-1 text-sm text-slate-300">{t('accounts.first_login.recovery_text')}</p>
              <Button variant="secondary" className="mt-3 w-full" onClick={openMyAccount}>
                {t('accounts.first_login.recovery_open')}
              </Button>
            </section>
            <section aria-labelledby="first-login-limit" className="rounded-lg border border-slate-700 p-3">
              <h3 id="first-login-limit" className="text-sm font-semibold text-slate-100">
                {t('accounts.first_login.limit_title')}
              </h3>
              <p className="mt-1 text-sm text-slate-300">{t('accounts.first_login.limit_text')}</p>
              <Button variant="secondary" className="mt-3 w-full" onClick={openMyAccount}>
                {t('accounts.first_login.limit_open')}
              </Button>
            </section>
          </>
        )}
        <Button onClick={onClose}>{t('accounts.first_login.start')}</Button>
      </div>
    </Dialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { localDigits } from '@tessera/contract/money-format';
import { NICKNAME_BOUNDS, nicknameProblem } from '@tessera/contract/validation/nickname';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { checksResolver } from '../../../ui/form/rules-resolver';
import { setNickname } from '../api/profile-calls';

interface NicknameValues {
  nickname: string;
}

/** The nickname other players see (winner boards, chat): the contract's check here, uniqueness on the server. */
export function NicknameSection({ nickname }: { nickname: string | null }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [isSaved, setSaved] = useState(false);
  const bounds = {
    min: localDigits(String(NICKNAME_BOUNDS.min), i18n.language),
    max: localDigits(String(NICKNAME_BOUNDS.max), i18n.language),
  };
  const form = useForm<NicknameValues>({
    defaultValues: { nickname: nickname ?? '' },
    resolver: checksResolver<NicknameValues>({
      nickname: [
        (value) => {
          const problem = nicknameProblem(value);
          return problem ? { key: problem, params: problem === 'validation.required' ? {} : NICKNAME_BOUNDS } : null;
        },
      ],
    }),
  });
  const handleSubmit = async (values: NicknameValues) => {
    const saved = await setNickname(values.nickname);
    form.reset({ nickname: saved.nickname });
    setSaved(true);
    await client.invalidateQueries({ queryKey: ['accounts'] });
    void client.invalidateQueries({ queryKey: ['security'] });
  };
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4"
      aria-labelledby="profile-nickname"
    >
      <h3 id="profile-nickname" className="text-base font-semibold text-slate-100">
        {t('accounts.fields.nickname')}
      </h3>
      <Form form={form} onSubmit={handleSubmit} onAttempt={() => setSaved(false)} label={t('accounts.fields.nickname')}>
        <TextField<NicknameValues>
          name="nickname"
          autoComplete="nickname"
          maxLength={64}
          label={t('accounts.fields.nickname')}
          isLabelHidden
          hint={t('accounts.first_login.nickname_hint', bounds)}
        />
        <FormAlert />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton isWide={false}>{t('profile.nickname_save')}</SubmitButton>
          <FormNotice>{isSaved && t('profile.nickname_saved')}</FormNotice>
        </div>
      </Form>
    </section>
  );
}

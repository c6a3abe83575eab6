import { useQueryClient } from '@tanstack/react-query';
import type { MemberProfile, UpdateProfileBody } from '@tessera/contract/api/member-profile';
import type { ProfilePageField } from '@tessera/contract/avatar-limits';
import { localDigits } from '@tessera/contract/money-format';
import { fieldOptions } from '@tessera/contract/validation/validate-field';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, FormAlert, FormNotice, SubmitButton, TextField } from '../../../ui/form/form';
import { byRule, checksResolver, type FormChecks } from '../../../ui/form/rules-resolver';
import { updateProfile } from '../api/profile-calls';

const LABELS = {
  fullName: 'accounts.fields.full_name',
  address: 'accounts.fields.address',
  nationality: 'accounts.fields.nationality',
  occupation: 'accounts.fields.occupation',
  sourceOfIncome: 'accounts.fields.source_of_income',
  placeOfBirth: 'accounts.fields.place_of_birth',
  line: 'accounts.fields.line',
  whatsapp: 'accounts.fields.whatsapp',
  facebook: 'accounts.fields.facebook',
  wechat: 'accounts.fields.wechat',
  telegram: 'accounts.fields.telegram',
  zalo: 'accounts.fields.zalo',
  qqNum: 'accounts.fields.qq',
} as const satisfies Record<ProfilePageField, ParseKeys>;

const AUTOCOMPLETE: Partial<Record<ProfilePageField, string>> = { fullName: 'name', address: 'street-address' };

type DetailsValues = Record<string, string> & { birthday: string };

/** Spec §5 birthday check: 21 years; the date input gives yyyy-MM-dd (pattern 11). */
const BIRTHDAY_RULE = { shown: true, required: false, acceptedPattern: '*', patternId: 11, minLength: 10, maxLength: 10 };

/**
 * The birthday (set once; afterwards shown, with who corrects it) and the optional fields the merchant shows at
 * sign-up, each checked by its register rule here as on the server. An emptied field is cleared.
 */
export function DetailsSection({ profile }: { profile: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [isSaved, setSaved] = useState(false);
  const values = (source: MemberProfile): DetailsValues => ({
    birthday: '',
    ...Object.fromEntries(source.fields.map((field) => [field.name, field.value])),
  });
  const checks: FormChecks<DetailsValues> = {
    ...(profile.birthday ? {} : { birthday: [byRule<DetailsValues>(BIRTHDAY_RULE)] }),
    ...Object.fromEntries(
      profile.fields.map((field) => [field.name, [byRule<DetailsValues>(field.rule, {}, fieldOptions(field.name))]]),
    ),
  };
  const form = useForm<DetailsValues>({ defaultValues: values(profile), resolver: checksResolver<DetailsValues>(checks) });

  const handleSubmit = async (submitted: DetailsValues) => {
    const body: UpdateProfileBody = {
      ...(!profile.birthday && submitted.birthday ? { birthday: submitted.birthday } : {}),
      fields: Object.fromEntries(profile.fields.map((field) => [field.name, submitted[field.name] ?? ''])),
    };
    const next = await updateProfile(body);
    client.setQueryData(['accounts', 'profile'], next);
    form.reset(values(next));
    setSaved(true);
  };

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4"
      aria-labelledby="profile-details"
    >
      <h3 id="profile-details" className="text-base font-semibold text-slate-100">
        {t('profile.details.title')}
      </h3>
      <Form
        form={form}
        onSubmit={handleSubmit}
        onAttempt={() => setSaved(false)}
        label={t('profile.details.title')}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        {profile.birthday ? (
          <div className="flex flex-col gap-1 text-sm" data-testid="profile-birthday">
            <span className="text-slate-400">{t('accounts.fields.birthday')}</span>
            <span className="font-semibold text-slate-100">{localDigits(profile.birthday, i18n.language)}</span>
            <span className="text-xs text-slate-400">{t('profile.details.birthday_locked')}</span>
          </div>
        ) : (
          <TextField<DetailsValues>
            name="birthday"
            type="date"
            autoComplete="bday"
            label={t('accounts.fields.birthday')}
            hint={t('profile.details.birthday_hint', { age: localDigits('21', i18n.language) })}
          />
        )}
        {profile.fields.map((field) => (
          <TextField<DetailsValues>
            key={field.name}
            name={field.name}
            autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
            label={t(LABELS[field.name])}
          />
        ))}
        <div className="sm:col-span-2">
          <FormAlert />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <SubmitButton isWide={false}>{t('profile.details.save')}</SubmitButton>
          <FormNotice>{isSaved && t('profile.details.saved')}</FormNotice>
        </div>
      </Form>
    </section>
  );
}

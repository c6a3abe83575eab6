import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Loading } from '../../../ui/list-page/list-states';
import { profileQuery } from '../api/profile-calls';
import { RecoveryContacts } from '../recovery/recovery-contacts';
import { AvatarSection } from './avatar-section';
import { DetailsSection } from './details-section';
import { NicknameSection } from './nickname-section';

/**
 * Members centre `profile` (spec §2.4 "other named pages"): avatar, nickname, birthday and the merchant's optional
 * fields, and the e-mail and mobile bound with a code (with two-factor on, the authenticator's code first).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(profileQuery());
  if (isPending) return <Loading />;
  if (isError) return <LoadFailed text="profile.load_failed" onRetry={() => void refetch()} />;
  return (
    <div className="flex flex-col gap-4" data-testid="profile-page">
      <h2 className="text-lg font-semibold text-slate-100">{t('profile.title')}</h2>
      <AvatarSection profile={data} />
      <NicknameSection nickname={data.nickname} />
      <DetailsSection profile={data} />
      <RecoveryContacts
        status={data}
        onChanged={() => {
          void client.invalidateQueries({ queryKey: ['accounts', 'profile'] });
          void client.invalidateQueries({ queryKey: ['security'] });
        }}
      />
    </div>
  );
}

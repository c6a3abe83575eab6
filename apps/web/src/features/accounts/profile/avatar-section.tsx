import { useQueryClient } from '@tanstack/react-query';
import type { MemberProfile } from '@tessera/contract/api/member-profile';
import { AVATAR_LIMITS, BUILT_IN_AVATARS, type BuiltInAvatar } from '@tessera/contract/avatar-limits';
import { localDigits } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-client';
import { buttonClass } from '../../../ui/button';
import { BuiltInAvatarArt, PlayerAvatar } from '../../../ui/player-avatar';
import { chooseAvatar, uploadAvatar } from '../api/profile-calls';

type Outcome = { kind: 'saved' } | { kind: 'failed'; key: ParseKeys } | { kind: 'uploading'; percent: number } | null;

const sectionClass = 'flex flex-col gap-3 rounded-xl border border-slate-700 bg-slate-900/60 p-4';

/** What the browser can tell before sending: the type it reports and the size (the server checks the bytes). */
function choiceProblem(file: File): ParseKeys | null {
  if (!(AVATAR_LIMITS.types as readonly string[]).includes(file.type)) return 'errors.avatar_image_type';
  if (file.size > AVATAR_LIMITS.maxBytes) return 'errors.avatar_image_too_large';
  return null;
}

/**
 * The avatar: the built-in set as a radio group (arrow keys move, the choice is saved at once) and an upload of
 * one's own picture, which the server re-encodes; the header follows both.
 */
export function AvatarSection({ profile }: { profile: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const current = profile.avatar;
  const isBusy = outcome?.kind === 'uploading';

  const saved = async () => {
    setOutcome({ kind: 'saved' });
    await client.invalidateQueries({ queryKey: ['accounts'] });
  };
  const failed = (error: unknown) => setOutcome({ kind: 'failed', key: errorMessageKey(error) as ParseKeys });

  const choose = async (avatar: BuiltInAvatar) => {
    try {
      await chooseAvatar(avatar);
      await saved();
    } catch (error) {
      failed(error);
    }
  };
  const upload = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = choiceProblem(file);
    if (problem) {
      setOutcome({ kind: 'failed', key: problem });
      return;
    }
    setOutcome({ kind: 'uploading', percent: 0 });
    try {
      await uploadAvatar(file, (fraction) => setOutcome({ kind: 'uploading', percent: Math.round(fraction * 100) }));
      await saved();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <section className={sectionClass} aria-labelledby="profile-avatar">
      <div className="flex items-center gap-4">
        <PlayerAvatar avatar={current} className="size-20" />
        <div className="min-w-0">
          <h3 id="profile-avatar" className="text-base font-semibold text-slate-100">
            {t('profile.avatar.title')}
          </h3>
          <p className="truncate text-sm text-slate-300">{profile.nickname ?? profile.account}</p>
          <p className="truncate text-xs text-slate-400">{t('profile.account', { account: profile.account })}</p>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-slate-300">{t('profile.avatar.choose')}</legend>
        <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
          {BUILT_IN_AVATARS.map((id) => {
            const isCurrent = current.avatarType === 'STATIC' && current.avatar === id;
            return (
              <label
                key={id}
                className="relative grid cursor-pointer place-items-center rounded-full p-1 ring-offset-2 ring-offset-slate-900 has-[:checked]:ring-2 has-[:checked]:ring-amber-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300"
              >
                <input
                  type="radio"
                  name="built-in-avatar"
                  value={id}
                  checked={isCurrent}
                  disabled={isBusy}
                  onChange={() => void choose(id)}
                  className="peer sr-only"
                />
                <BuiltInAvatarArt id={id} className="size-12" />
                <span className="sr-only">
                  {t('profile.avatar.built_in', { number: localDigits(String(Number(id) + 1), i18n.language) })}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={buttonClass(
            'secondary',
            `min-h-11 ${isBusy ? 'pointer-events-none opacity-50' : 'cursor-pointer'} has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-300`,
          )}
        >
          {t('profile.avatar.upload')}
          <input
            ref={input}
            type="file"
            accept={AVATAR_LIMITS.types.join(',')}
            className="sr-only"
            aria-describedby={hintId}
            disabled={isBusy}
            onChange={(event) => void upload(event.target.files?.[0])}
            data-testid="avatar-upload"
          />
        </label>
        <p id={hintId} className="text-xs text-slate-400">
          {t('profile.avatar.upload_hint', {
            size: localDigits('5', i18n.language),
            pixels: localDigits('4096', i18n.language),
          })}
        </p>
      </div>
      <p role="status" className="text-sm text-emerald-300" data-testid="avatar-status">
        {outcome?.kind === 'saved' && t('profile.avatar.saved')}
        {outcome?.kind === 'uploading' &&
          t('profile.avatar.uploading', { percent: localDigits(String(outcome.percent), i18n.language) })}
      </p>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {t(outcome.key)}
        </p>
      )}
    </section>
  );
}

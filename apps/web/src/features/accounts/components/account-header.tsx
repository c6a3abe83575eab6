import { localDigits } from '@tessera/contract/money-format';
import type { ParseKeys } from 'i18next';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAgentType } from '../../../lib/agent-centre';
import { useUnreadCount } from '../../../lib/inbox-unread';
import { useModals } from '../../../lib/modal-store';
import { useSession } from '../../../lib/session';
import { useAgentCentreEntry } from '../../../lib/use-agent-centre-entry';
import { useMembersCentreEntry } from '../../../lib/use-members-centre-entry';
import { CountBadge } from '../../../ui/count-badge';
import { PlayerAvatar } from '../../../ui/player-avatar';
import { useMemberInfo, usePlayerAvatar } from '../api/member-info';
import { useSendLanguageChanges } from '../hooks/use-send-language-changes';

function Glyph({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d={path} />
    </svg>
  );
}

const GLYPHS = {
  deposit: 'M12 8v8M8 12h8M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  withdraw: 'M12 20V8m0 0l-4 4m4-4l4 4M4 4h16',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
};

const menuItemClass =
  'flex min-h-10 w-full items-center rounded-md px-3 text-start text-sm text-slate-200 hover:bg-slate-800 focus-visible:bg-slate-800 focus-visible:outline-none';

/** The avatar drop-down (spec §2.2): rank, nickname, ID, members centre, betting record, customer service, sign out. */
function AvatarMenu({ onCustomerService }: { onCustomerService: () => void }) {
  const { t, i18n } = useTranslation();
  const info = useMemberInfo();
  const avatar = usePlayerAvatar();
  const open = useModals((state) => state.open);
  const openCentre = useMembersCentreEntry();
  const openAgentCentre = useAgentCentreEntry();
  const agentType = useSession((state) => state.agentType);
  const unread = useUnreadCount();
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const choose = (action: () => void) => () => {
    setOpen(false);
    buttonRef.current?.focus();
    action();
  };
  const handleBlur = (event: React.FocusEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };

  const member = info.data;
  const name = member ? member.nickname || member.account : '';
  const items: { key: ParseKeys; action: () => void }[] = [
    { key: 'accounts.menu.members_centre', action: () => openCentre('securityCenter') },
    { key: 'accounts.menu.profile', action: () => openCentre('profile') },
    ...(isAgentType(agentType)
      ? [{ key: 'accounts.menu.agent_centre' as const, action: () => openAgentCentre('agentTeamOverview') }]
      : []),
    { key: 'accounts.menu.betting_record', action: () => openCentre('personalHistoryCopy') },
    { key: 'accounts.menu.messages', action: () => openCentre('messageV2') },
    { key: 'accounts.menu.change_password', action: () => open('changePassword', {}) },
    { key: 'accounts.menu.customer_service', action: onCustomerService },
    { key: 'accounts.menu.sign_out', action: () => open('confirmLogout', {}) },
  ];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the wrapper closes the menu; its controls are buttons
    <div
      className="relative"
      onBlur={handleBlur}
      onFocus={() => clearTimeout(closeTimer.current)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={[
          t('accounts.menu.open', { name: name || t('accounts.menu.account') }),
          ...(unread > 0 ? [t('accounts.menu.unread', { count: localDigits(String(unread), i18n.language) })] : []),
        ].join(', ')}
        onClick={() => {
          // The rank may have risen since the last read (a bet can cross a VIP threshold): opening reads it again.
          if (!isOpen) void info.refetch();
          setOpen((was) => !was);
        }}
        className="relative grid size-10 place-items-center rounded-full ring-2 ring-amber-400/40 hover:ring-amber-300"
        data-testid="avatar-button"
      >
        <PlayerAvatar avatar={avatar.data} className="size-10" />
        <CountBadge count={unread} className="absolute -end-1 -top-1" />
      </button>
      {isOpen && (
        <div
          id={menuId}
          className="absolute end-0 top-full z-40 mt-2 w-64 rounded-xl border border-slate-700 bg-slate-900 p-2 shadow-2xl"
        >
          <div className="border-b border-slate-800 px-3 pt-1 pb-2" data-testid="avatar-summary">
            {member ? (
              <>
                <button
                  type="button"
                  className="text-xs font-semibold text-amber-300 underline-offset-2 hover:underline"
                  onClick={choose(() => openCentre('playerRank'))}
                  data-testid="avatar-rank"
                >
                  {t('accounts.menu.rank', { rank: member.clubLabel.labelName })}
                </button>
                <p className="truncate text-sm font-semibold text-slate-100">{name}</p>
                <p className="text-xs text-slate-400">{t('accounts.menu.member_id', { id: String(member.id) })}</p>
              </>
            ) : info.isError ? (
              <p className="text-xs text-rose-300">{t('accounts.menu.info_failed')}</p>
            ) : (
              <p className="text-xs text-slate-400">{t('app.screen_loading')}</p>
            )}
          </div>
          <div role="menu" aria-label={t('accounts.menu.label')} className="flex flex-col gap-0.5 pt-1">
            {items.map((item) => (
              <button key={item.key} type="button" role="menuitem" className={menuItemClass} onClick={choose(item.action)}>
                {t(item.key)}
                {item.key === 'accounts.menu.messages' && <CountBadge count={unread} className="ms-auto" />}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

/** The header's logged-in variant (spec §2.2): the wallet's part (balance), deposit and withdraw (gated), avatar menu. */
export function AccountHeaderActions({ onCustomerService, wallet }: { onCustomerService: () => void; wallet: ReactNode }) {
  const { t } = useTranslation();
  const openCentre = useMembersCentreEntry();
  useSendLanguageChanges();
  return (
    <div className="flex items-center gap-1 sm:gap-1.5" data-testid="account-header">
      {wallet}
      {/* Labelled in words: a lone arrow reads as "download" / "upload". */}
      <button
        type="button"
        onClick={() => openCentre('depositv2')}
        className="flex h-10 items-center gap-1 rounded-lg bg-amber-400 px-2.5 text-sm font-semibold whitespace-nowrap text-slate-950 hover:bg-amber-300"
      >
        <Glyph path={GLYPHS.deposit} />
        {t('accounts.menu.deposit')}
      </button>
      <button
        type="button"
        onClick={() => openCentre('withdraw')}
        className="hidden h-10 items-center gap-1 rounded-lg px-2.5 text-sm whitespace-nowrap text-slate-200 hover:bg-slate-800 sm:flex"
      >
        <Glyph path={GLYPHS.withdraw} />
        {t('accounts.menu.withdraw')}
      </button>
      <AvatarMenu onCustomerService={onCustomerService} />
    </div>
  );
}

/** The side menu's account entries when logged in (spec §2.2: account detail, e-mail (the inbox), withdraw, logout). */
export function AccountSideEntries({ linkClass, onNavigate }: { linkClass: string; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const open = useModals((state) => state.open);
  const openCentre = useMembersCentreEntry();
  const unread = useUnreadCount();
  const run = (action: () => void) => () => {
    onNavigate?.();
    action();
  };
  return (
    <div className="flex flex-col gap-1" data-testid="side-account-entries">
      <button type="button" className={linkClass} onClick={run(() => openCentre('securityCenter'))}>
        <Glyph path={GLYPHS.user} />
        {t('shell.menu.account')}
      </button>
      <button
        type="button"
        className={linkClass}
        onClick={run(() => openCentre('messageV2'))}
        aria-label={[
          t('shell.menu.email'),
          ...(unread > 0 ? [t('accounts.menu.unread', { count: localDigits(String(unread), i18n.language) })] : []),
        ].join(', ')}
        data-testid="side-messages"
      >
        <Glyph path={GLYPHS.mail} />
        {t('shell.menu.email')}
        <CountBadge count={unread} className="ms-auto" />
      </button>
      <button type="button" className={linkClass} onClick={run(() => openCentre('withdraw'))}>
        <Glyph path={GLYPHS.withdraw} />
        {t('accounts.menu.withdraw')}
      </button>
      <button type="button" className={linkClass} onClick={run(() => open('confirmLogout', {}))}>
        <Glyph path="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
        {t('accounts.menu.sign_out')}
      </button>
    </div>
  );
}

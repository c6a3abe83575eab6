import { useState } from 'react';

/** The built-in set (contract BUILT_IN_AVATARS '0'–'7'): a colour and a shape each, drawn here, no request. */
const BUILT_IN: Record<string, { background: string; shape: string }> = {
  '0': { background: '#334155', shape: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0z' },
  '1': { background: '#b45309', shape: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z' },
  '2': { background: '#0f766e', shape: 'M4 17l2-9 4 4 2-6 2 6 4-4 2 9z' },
  '3': { background: '#4338ca', shape: 'M15 3a8 8 0 1 0 6 13A7 7 0 0 1 15 3z' },
  '4': { background: '#be123c', shape: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z' },
  '5': { background: '#15803d', shape: 'M5 19c0-8 6-14 14-14 0 8-6 14-14 14zM5 19l7-7' },
  '6': { background: '#7e22ce', shape: 'M12 3l7 7-7 11-7-11zM5 10h14' },
  '7': { background: '#0369a1', shape: 'M13 3L5 14h6l-1 7 8-11h-6z' },
};

/** The drawing of a built-in avatar; an unknown number draws the default. */
export function BuiltInAvatarArt({ id, className = 'size-full' }: { id: string; className?: string }) {
  const art = BUILT_IN[id] ?? (BUILT_IN['0'] as { background: string; shape: string });
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <circle cx="12" cy="12" r="12" fill={art.background} />
      <path
        d={art.shape}
        fill="#f8fafc"
        stroke="#f8fafc"
        strokeWidth="0.6"
        strokeLinejoin="round"
        transform="translate(2.4 2.4) scale(0.8)"
      />
    </svg>
  );
}

/**
 * A player's avatar (spec §3: avatar, avatarType): a built-in drawing or their uploaded picture. A picture that
 * fails to load shows the default drawing (spec §8: image failures fall back to the default avatar). Decorative:
 * the control around it carries the name.
 */
export function PlayerAvatar({
  avatar,
  className = 'size-10',
}: {
  avatar: { avatar: string; avatarType: 'STATIC' | 'CUSTOM' } | undefined;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const isPicture = avatar?.avatarType === 'CUSTOM' && failed !== avatar.avatar;
  return (
    <span className={`block shrink-0 overflow-hidden rounded-full ${className}`} data-testid="player-avatar">
      {isPicture ? (
        <img
          src={avatar.avatar}
          alt=""
          className="size-full object-cover"
          decoding="async"
          onError={() => setFailed(avatar.avatar)}
        />
      ) : (
        <BuiltInAvatarArt id={avatar?.avatarType === 'STATIC' ? avatar.avatar : '0'} />
      )}
    </span>
  );
}

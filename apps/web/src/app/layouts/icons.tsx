const PATHS = {
  live: 'M4 6h16v10H4zM8 20h8M12 16v4',
  fish: 'M3 12c3-5 9-6 14-2l4-3v10l-4-3c-5 4-11 3-14-2zM15 11h.01',
  slot: 'M4 5h16v14H4zM9 5v14M15 5v14',
  promo: 'M20 12v8H4v-8M2 7h20v5H2zM12 22V7M12 7H8a2 2 0 1 1 2-4c1 1 2 4 2 4zm0 0h4a2 2 0 1 0-2-4c-1 1-2 4-2 4',
  download: 'M12 3v12m0 0l-4-4m4 4l4-4M4 17v3h16v-3',
  notices: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4',
  vip: 'M3 7l4 10h10l4-10-6 4-3-6-3 6z',
  help: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V14M12 17h.01',
  service: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z',
  home: 'M3 11l9-8 9 8M5 9v11h14V9',
  menu: 'M4 6h16M4 12h16M4 18h16',
  lottery: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v10M8.5 9.5h7M8.5 14.5h7',
  elott: 'M13 2L4 14h7l-1 8 9-12h-7z',
  sports: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7l4 3-1.5 4.5h-5L8 10zM12 3v4M21 10l-5 0M3 10h5M7 19l2-4.5M17 19l-2-4.5',
  pvp: 'M7 4h10v16H7zM10 8l2 3 2-3M10 16h4',
  esports: 'M6 9h12a4 4 0 0 1 0 8c-1.5 0-2.5-1-3-2H9c-.5 1-1.5 2-3 2a4 4 0 0 1 0-8zM8 11v3M6.5 12.5h3M16 12h.01M18 14h.01',
  feedback: 'M4 4h16v12H8l-4 4zM8 9h8M8 12h5',
  hot: 'M12 22a7 7 0 0 0 7-7c0-4-3-6-4-10-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8a7 7 0 0 0 7 7z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

import { useState } from 'react';
import { Button } from './button';
import { QrCode } from './qr-code';

export interface InviteLabels {
  qr: string;
  code: string;
  link: string;
  copy: string;
  copied: string;
}

/** An invite code and its sign-up link, with a QR code of the link and a copy control (agents' and members' invites). */
export function InviteCard({ code, link, labels }: { code: string; link: string; labels: InviteLabels }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(link);
    setCopied(true);
  };
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-700 bg-slate-900 p-4 sm:flex-row sm:items-center">
      <QrCode text={link} label={labels.qr} className="size-36 shrink-0 self-center" />
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <dl className="flex flex-col gap-2">
          <div>
            <dt className="text-xs text-slate-400">{labels.code}</dt>
            <dd className="font-mono text-base font-semibold text-amber-200" data-testid="invite-code">
              {code}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-400">{labels.link}</dt>
            <dd className="break-all text-slate-100" data-testid="invite-link">
              {link}
            </dd>
          </div>
        </dl>
        <div className="flex items-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            {labels.copy}
          </Button>
          <span role="status" className="text-xs text-emerald-300">
            {copied ? labels.copied : ''}
          </span>
        </div>
      </div>
    </section>
  );
}

import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-amber-400 text-slate-950 hover:bg-amber-300',
  secondary: 'border border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700',
  ghost: 'text-slate-200 hover:bg-slate-800',
};

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex min-h-10 items-center whitespace-nowrap justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 disabled:opacity-50 ${VARIANTS[variant]} ${extra}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

import { formatInteger } from '@tessera/contract/money-format';
import { useTranslation } from 'react-i18next';

/** A short numbered list of steps (title and one line each), three across on wider screens. */
export function NumberedSteps({ steps, itemClassName }: { steps: { title: string; text: string }[]; itemClassName: string }) {
  const { i18n } = useTranslation();
  return (
    <ol className="grid gap-3 sm:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className={`flex gap-3 rounded-xl bg-slate-900/60 ${itemClassName}`}>
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-amber-400 font-bold text-slate-950"
          >
            {formatInteger(index + 1, i18n.language)}
          </span>
          <span>
            <span className="block font-semibold text-slate-100">{step.title}</span>
            <span className="text-sm text-slate-400">{step.text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

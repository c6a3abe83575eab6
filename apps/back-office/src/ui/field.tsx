import {
  type InputHTMLAttributes,
  type ReactElement,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

type FieldProps = { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/** A label, the control it names, and an optional hint, tied together for screen readers. */
function Labelled({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ReactElement;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id, hint ? `${id}-hint` : undefined)}
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A labelled input with an optional hint. */
export function Field({ label, hint, ...input }: FieldProps) {
  return (
    <Labelled label={label} hint={hint}>
      {(id, describedBy) => <input id={id} aria-describedby={describedBy} {...input} />}
    </Labelled>
  );
}

/** A whole number between `min` and `max`. */
export function NumberField(props: FieldProps & { min?: number; max?: number }) {
  return <Field type="number" {...props} />;
}

/** An amount in major units ("125.50"), typed with the decimal keypad; the form parses it. */
export function AmountField(props: FieldProps) {
  return <Field inputMode="decimal" {...props} />;
}

/** A labelled choice among `options`. */
export function SelectField({
  label,
  hint,
  options,
  ...select
}: {
  label: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Labelled label={label} hint={hint}>
      {(id, describedBy) => (
        <select id={id} aria-describedby={describedBy} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** A labelled multi-line text. */
export function TextAreaField({
  label,
  hint,
  ...textarea
}: { label: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Labelled label={label} hint={hint}>
      {(id, describedBy) => <textarea id={id} aria-describedby={describedBy} {...textarea} />}
    </Labelled>
  );
}

/** An on/off switch: a checkbox inside its label. */
export function SwitchField({ label, name, defaultChecked }: { label: string; name: string; defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="field field-switch">
      <label htmlFor={id} className="switch">
        <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} />
        <span>{label}</span>
      </label>
    </div>
  );
}

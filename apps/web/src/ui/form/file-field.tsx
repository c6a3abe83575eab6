import { type ReactNode, useEffect, useRef } from 'react';
import { type FieldValues, type Path, type PathValue, useController, useFormContext } from 'react-hook-form';
import { FieldFrame, useFieldWiring } from './field-frame';
import { encodeMessage, type FieldMessage } from './rules-resolver';

/** The files kept from a choice, and why the others were left out (null when none was). */
export interface FileChoice {
  files: File[];
  problem: FieldMessage | null;
}

/**
 * A labelled file input bound to the form; the field's value is the chosen `File[]`. `choose` decides, as files
 * are picked, which are kept: a problem shows under the field at once, before any submit. With `isAdding` each
 * choice adds to the files already kept (the input is emptied after it, so the same file can be picked again).
 */
export function FileField<V extends FieldValues>({
  name,
  label,
  hint,
  accept,
  multiple,
  isAdding = false,
  disabled,
  choose,
  children,
}: {
  name: Path<V>;
  label: string;
  hint?: ReactNode;
  accept: string;
  multiple?: boolean;
  isAdding?: boolean;
  disabled?: boolean;
  choose: (current: File[], chosen: File[]) => FileChoice;
  /** Shown under the field, e.g. previews of the kept files. */
  children?: ReactNode;
}) {
  const { setValue, setError, clearErrors } = useFormContext<V>();
  const { field } = useController<V>({ name });
  const wiring = useFieldWiring<V>(name, hint);
  const input = useRef<HTMLInputElement>(null);
  const files = (field.value ?? []) as File[];
  // A form reset after sending empties the value: the input must not keep showing the old names.
  useEffect(() => {
    if (files.length === 0 && input.current) input.current.value = '';
  }, [files.length]);

  const handleChange = (list: FileList | null) => {
    const result = choose(isAdding ? files : [], [...(list ?? [])]);
    // Not `field.onChange`: revalidating here would replace the choice's problem with the submit checks' verdict.
    setValue(name, result.files as PathValue<V, Path<V>>, { shouldDirty: true });
    if (result.problem) setError(name, { type: 'choice', message: encodeMessage(result.problem) });
    else clearErrors(name);
    if (isAdding && input.current) input.current.value = '';
  };

  return (
    <div className="flex flex-col gap-2">
      <FieldFrame wiring={wiring} label={label} hint={hint}>
        <input
          ref={input}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          name={field.name}
          onBlur={field.onBlur}
          onChange={(event) => handleChange(event.target.files)}
          className="text-sm text-slate-300 file:me-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
          {...wiring.control}
        />
      </FieldFrame>
      {children}
    </div>
  );
}

import { createContext, type ReactNode, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../content/local-time';
import { blankOf, type FormNode, humanise, isFlat, type ObjectField, type Path, pointerOf } from './form-model';

/** What every control of one form shares: the change function and the server's reasons by path. */
interface FormContext {
  change: (path: Path, next: unknown) => void;
  reasons: Map<string, string[]>;
  idPrefix: string;
}
const Form = createContext<FormContext | null>(null);
export const FormProvider = Form.Provider;

function useForm() {
  const form = useContext(Form);
  if (!form) throw new Error('a settings control outside its form');
  return form;
}

/** A field's label: its translation where one exists, else its name in words. */
export function useLabel() {
  const { t } = useTranslation();
  return (name: string) => t(`settings.fields.${name}`, { defaultValue: humanise(name) });
}

/** The id a control's input gets, so the error summary can link to it. */
export const controlId = (prefix: string, path: Path) => `${prefix}${pointerOf(path).replace(/[^A-Za-z0-9_-]/g, '_')}`;

function Reasons({ id, reasons }: { id: string; reasons: string[] | undefined }) {
  if (!reasons?.length) return null;
  return (
    <small id={id} className="field-error">
      {reasons.join('; ')}
    </small>
  );
}

interface ControlProps {
  node: FormNode;
  path: Path;
  value: unknown;
  label: string;
  hint?: string;
  /** In a table cell: the label is for screen readers only (the column header shows it). */
  compact?: boolean;
}

/** One part of a settings value, edited with the control its schema calls for. */
export function Control(props: ControlProps): ReactNode {
  switch (props.node.kind) {
    case 'object':
      return <ObjectControl {...props} node={props.node} />;
    case 'list':
      return <ListControl {...props} node={props.node} />;
    case 'record':
      return <RecordControl {...props} node={props.node} />;
    case 'featureTree':
      return <FeatureTree {...props} />;
    default:
      return <Leaf {...props} />;
  }
}

function Leaf({ node, path, value, label, hint, compact }: ControlProps) {
  const { t } = useTranslation();
  const { change, reasons, idPrefix } = useForm();
  const id = controlId(idPrefix, path);
  const mine = reasons.get(pointerOf(path));
  const hintId = hint && !compact ? `${id}-hint` : undefined;
  const errorId = mine?.length ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-describedby': described, 'aria-invalid': mine?.length ? true : undefined } as const;

  let input: ReactNode;
  switch (node.kind) {
    case 'switch':
      return (
        <div className={`field field-switch${mine?.length ? ' field-invalid' : ''}`}>
          <label htmlFor={id} className={compact ? 'switch switch-compact' : 'switch'}>
            <input
              {...common}
              type="checkbox"
              role="switch"
              checked={value === true}
              aria-checked={value === true}
              onChange={(event) => change(path, event.target.checked)}
            />
            <span className={compact ? 'visually-hidden' : undefined}>{label}</span>
          </label>
          {hintId && (
            <small id={hintId} className="hint">
              {hint}
            </small>
          )}
          <Reasons id={`${id}-error`} reasons={mine} />
        </div>
      );
    case 'constant':
      return (
        <div className="field">
          <span className="field-label">{label}</span>
          <output id={id}>{String(node.value)}</output>
        </div>
      );
    case 'select':
      input = (
        <select {...common} value={String(value ?? '')} onChange={(event) => change(path, event.target.value)}>
          {node.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'integer':
      input = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          step={1}
          min={node.min}
          max={node.max}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            // A value that is not a whole number goes to the server as typed, which names what is wrong with it.
            change(path, /^-?\d+$/.test(raw) ? Number(raw) : raw);
          }}
        />
      );
      break;
    case 'time':
      input = (
        <input
          {...common}
          type="datetime-local"
          value={typeof value === 'number' ? toLocalInput(value) : ''}
          onChange={(event) => {
            const iso = fromLocalInput(event.target.value);
            change(path, iso ? new Date(iso).getTime() : node.nullable ? null : Date.now());
          }}
        />
      );
      break;
    case 'text':
      input = node.multiline ? (
        <textarea
          {...common}
          rows={6}
          maxLength={node.maxLength}
          value={String(value ?? '')}
          onChange={(event) => change(path, event.target.value)}
        />
      ) : (
        <input
          {...common}
          type="text"
          spellCheck={false}
          maxLength={node.maxLength}
          value={String(value ?? '')}
          onChange={(event) => change(path, event.target.value)}
        />
      );
      break;
    default:
      return null;
  }
  return (
    <div className={`field${mine?.length ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {input}
      {hintId && (
        <small id={hintId} className="hint">
          {hint}
          {node.kind === 'text' && node.pattern ? ` ${t('settings.pattern', { pattern: node.pattern })}` : ''}
        </small>
      )}
      <Reasons id={`${id}-error`} reasons={mine} />
    </div>
  );
}

function ObjectControl({ node, path, value, label }: ControlProps & { node: Extract<FormNode, { kind: 'object' }> }) {
  const fieldLabel = useLabel();
  const { reasons, idPrefix } = useForm();
  const record = (value ?? {}) as Record<string, unknown>;
  const fields = (
    <div className="settings-fields">
      {node.fields.map((field) => (
        <Control
          key={field.name}
          node={field.node}
          path={[...path, field.name]}
          value={record[field.name]}
          label={fieldLabel(field.name)}
          hint={field.hint}
        />
      ))}
    </div>
  );
  if (path.length === 0) return fields;
  return (
    <fieldset className="settings-group">
      <legend className={path.length === 0 ? 'visually-hidden' : undefined}>{label}</legend>
      <Reasons id={`${controlId(idPrefix, path)}-error`} reasons={reasons.get(pointerOf(path))} />
      {fields}
    </fieldset>
  );
}

/** Columns of a table of flat rows. */
const columnsOf = (node: FormNode): ObjectField[] => (node.kind === 'object' ? node.fields : []);

function ListControl({ node, path, value, label, hint }: ControlProps & { node: Extract<FormNode, { kind: 'list' }> }) {
  const { t } = useTranslation();
  const fieldLabel = useLabel();
  const { change, reasons, idPrefix } = useForm();
  const items = Array.isArray(value) ? value : [];
  const full = node.maxItems !== undefined && items.length >= node.maxItems;
  const atLeast = node.minItems ?? 0;
  const set = (next: unknown[]) => change(path, next);
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    set(next);
  };
  const rowButtons = (index: number) => (
    <span className="row-buttons">
      {node.item.kind === 'object' && (
        <>
          <button
            type="button"
            className="btn btn-small"
            disabled={index === 0}
            aria-label={t('settings.move_up', { name: label, n: index + 1 })}
            onClick={() => move(index, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={index === items.length - 1}
            aria-label={t('settings.move_down', { name: label, n: index + 1 })}
            onClick={() => move(index, 1)}
          >
            ↓
          </button>
        </>
      )}
      <button
        type="button"
        className="btn btn-small btn-danger"
        disabled={items.length <= atLeast}
        aria-label={t('settings.remove_row', { name: label, n: index + 1 })}
        onClick={() => set(items.filter((_, i) => i !== index))}
      >
        {t('settings.remove')}
      </button>
    </span>
  );
  const id = controlId(idPrefix, path);
  let rows: ReactNode;
  if (items.length === 0) rows = <p className="muted">{t('settings.none')}</p>;
  else if (isFlat(node.item))
    rows = (
      <div className="table-wrap">
        <table className="settings-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              {columnsOf(node.item).map((column) => (
                <th key={column.name} scope="col">
                  {fieldLabel(column.name)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('settings.row_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <tr key={index}>
                <th scope="row">{index + 1}</th>
                {columnsOf(node.item).map((column) => (
                  <td key={column.name}>
                    <Control
                      node={column.node}
                      path={[...path, index, column.name]}
                      value={(item as Record<string, unknown>)[column.name]}
                      label={`${fieldLabel(column.name)} ${index + 1}`}
                      compact
                    />
                  </td>
                ))}
                <td>{rowButtons(index)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  else
    rows = (
      <ol className="settings-rows">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <li key={index} className="settings-row">
            <Control node={node.item} path={[...path, index]} value={item} label={`${label} ${index + 1}`} compact />
            {rowButtons(index)}
          </li>
        ))}
      </ol>
    );
  return (
    <fieldset className="settings-group" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={path.length === 0 ? 'visually-hidden' : undefined}>{label}</legend>
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      <Reasons id={`${id}-error`} reasons={reasons.get(pointerOf(path))} />
      {rows}
      <button type="button" className="btn" disabled={full} onClick={() => set([...items, blankOf(node.item)])}>
        {t('settings.add', { name: label })}
      </button>
    </fieldset>
  );
}

function RecordControl({ node, path, value, label, hint }: ControlProps & { node: Extract<FormNode, { kind: 'record' }> }) {
  const { t } = useTranslation();
  const fieldLabel = useLabel();
  const { change, reasons, idPrefix } = useForm();
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const id = controlId(idPrefix, path);
  const newId = useId();
  const add = () => {
    const trimmed = name.trim();
    if (!trimmed || (node.keyPattern && !new RegExp(node.keyPattern).test(trimmed)))
      return setNameProblem(t('settings.bad_name', { pattern: node.keyPattern ?? '' }));
    if (entries.some(([key]) => key === trimmed)) return setNameProblem(t('settings.taken_name', { name: trimmed }));
    setNameProblem(null);
    setName('');
    change([...path, trimmed], blankOf(node.value));
  };
  const remove = (key: string) => change([...path, key], undefined);
  const removeButton = (key: string) => (
    <button
      type="button"
      className="btn btn-small btn-danger"
      aria-label={t('settings.remove_entry', { name: key })}
      onClick={() => remove(key)}
    >
      {t('settings.remove')}
    </button>
  );
  let rows: ReactNode;
  if (entries.length === 0) rows = <p className="muted">{t('settings.none')}</p>;
  else if (isFlat(node.value))
    rows = (
      <div className="table-wrap">
        <table className="settings-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.name')}</th>
              {columnsOf(node.value).map((column) => (
                <th key={column.name} scope="col">
                  {fieldLabel(column.name)}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('settings.row_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([key, item]) => (
              <tr key={key}>
                <th scope="row">{key}</th>
                {columnsOf(node.value).map((column) => (
                  <td key={column.name}>
                    <Control
                      node={column.node}
                      path={[...path, key, column.name]}
                      value={(item as Record<string, unknown>)[column.name]}
                      label={`${key} ${fieldLabel(column.name)}`}
                      compact
                    />
                  </td>
                ))}
                <td>{removeButton(key)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  else
    rows = (
      <ul className="settings-rows">
        {entries.map(([key, item]) => (
          <li key={key} className="settings-row">
            <Control node={node.value} path={[...path, key]} value={item} label={`${label}: ${key}`} />
            {removeButton(key)}
          </li>
        ))}
      </ul>
    );
  return (
    <fieldset className="settings-group">
      <legend className={path.length === 0 ? 'visually-hidden' : undefined}>{label}</legend>
      {hint && <small className="hint">{hint}</small>}
      <Reasons id={`${id}-error`} reasons={reasons.get(pointerOf(path))} />
      {rows}
      <div className={`inline-form${nameProblem ? ' field-invalid' : ''}`}>
        <div className={`field${nameProblem ? ' field-invalid' : ''}`}>
          <label htmlFor={newId}>{t('settings.new_name', { name: label })}</label>
          <input
            id={newId}
            type="text"
            spellCheck={false}
            value={name}
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={nameProblem ? `${newId}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          {nameProblem && (
            <small id={`${newId}-error`} className="field-error">
              {nameProblem}
            </small>
          )}
        </div>
        <button type="button" className="btn" onClick={add}>
          {t('settings.add', { name: label })}
        </button>
      </div>
    </fieldset>
  );
}

interface FeatureNode {
  modId: string;
  enabled: boolean;
  childrenNodes: FeatureNode[];
}

/** The feature tree as switches: a module reaches players only when it and every module above it are on. */
function FeatureTree({ path, value }: ControlProps) {
  const { reasons, idPrefix } = useForm();
  return (
    <div className="feature-tree">
      <Reasons id={`${controlId(idPrefix, path)}-error`} reasons={reasons.get(pointerOf(path))} />
      <FeatureBranch node={value as FeatureNode} path={path} parentOn />
    </div>
  );
}

function FeatureBranch({ node, path, parentOn }: { node: FeatureNode; path: Path; parentOn: boolean }) {
  const { t } = useTranslation();
  const { change, idPrefix } = useForm();
  const id = controlId(idPrefix, [...path, 'enabled']);
  return (
    <ul className="feature-branch">
      <li>
        <label htmlFor={id} className="switch">
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={node.enabled}
            aria-checked={node.enabled}
            aria-describedby={parentOn ? undefined : `${id}-off`}
            onChange={(event) => change([...path, 'enabled'], event.target.checked)}
          />
          <code>{node.modId}</code>
        </label>
        {!parentOn && node.enabled && (
          <small id={`${id}-off`} className="muted">
            {' '}
            {t('settings.parent_off')}
          </small>
        )}
        {node.childrenNodes.map((child, index) => (
          <FeatureBranch
            key={child.modId}
            node={child}
            path={[...path, 'childrenNodes', index]}
            parentOn={parentOn && node.enabled}
          />
        ))}
      </li>
    </ul>
  );
}

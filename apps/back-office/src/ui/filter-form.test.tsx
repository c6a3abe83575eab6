import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startI18n } from '../i18n/i18n';
import { type FilterField, FilterForm, presetDays } from './filter-form';

beforeAll(async () => {
  await startI18n();
});

const fields: FilterField[] = [
  {
    kind: 'select',
    name: 'status',
    label: 'Status',
    anyLabel: 'Any',
    options: [
      { value: 'pending', label: 'Pending' },
      { value: 'approved', label: 'Approved' },
    ],
  },
  { kind: 'text', name: 'account', label: 'Player account', hint: 'Exact name' },
  {
    kind: 'days',
    from: 'from',
    to: 'to',
    fromLabel: 'From day',
    toLabel: 'To day',
    presets: ['today', 'previous7'],
    anyTime: true,
  },
];
const NONE = { status: '', account: '', from: '', to: '' };

describe('the filter form', () => {
  it('applies what was typed only when submitted, trimmed', async () => {
    const onApply = vi.fn();
    render(<FilterForm label="Filters" fields={fields} values={NONE} onApply={onApply} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.type(screen.getByLabelText('Player account'), '  karim ');
    expect(onApply).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onApply).toHaveBeenCalledWith({ status: 'approved', account: 'karim', from: '', to: '' });
    expect(screen.getByLabelText('Player account').getAttribute('aria-describedby')).toBe(
      screen.getByText('Exact name').getAttribute('id'),
    );
  });

  it('applies a quick range at once, as days, and shows which range is in effect', async () => {
    const onApply = vi.fn();
    const week = presetDays('previous7');
    const { rerender } = render(<FilterForm label="Filters" fields={fields} values={NONE} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Any time' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous 7 days' }));
    expect(onApply).toHaveBeenCalledWith({ ...NONE, ...week }, 'previous7');
    rerender(<FilterForm label="Filters" fields={fields} values={{ ...NONE, ...week }} onApply={onApply} />);
    expect(screen.getByRole('button', { name: 'Previous 7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Any time' }).getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByLabelText('From day') as HTMLInputElement).value).toBe(week.from);
    expect((screen.getByLabelText('To day') as HTMLInputElement).value).toBe(week.to);
  });

  it('follows filters changed elsewhere (the back button), dropping what was typed and not applied', async () => {
    const onApply = vi.fn();
    const { rerender } = render(<FilterForm label="Filters" fields={fields} values={NONE} onApply={onApply} />);
    await userEvent.setup().type(screen.getByLabelText('Player account'), 'draft');
    rerender(<FilterForm label="Filters" fields={fields} values={{ ...NONE, account: 'karim' }} onApply={onApply} />);
    expect((screen.getByLabelText('Player account') as HTMLInputElement).value).toBe('karim');
  });

  it('a preset covers whole days: seven days back ends today', () => {
    const now = new Date(2026, 10, 28, 15, 30);
    expect(presetDays('previous7', now)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(presetDays('next7', now)).toEqual({ from: '2026-11-28', to: '2026-12-04' });
    expect(presetDays('today', now)).toEqual({ from: '2026-11-28', to: '2026-11-28' });
  });
});

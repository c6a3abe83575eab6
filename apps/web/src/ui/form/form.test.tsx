import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { type FileChoice, FileField } from './file-field';
import { Form, FormAlert, SubmitButton, TextField } from './form';
import { MoneyField } from './money-field';
import { checksResolver, moneyAmount, required } from './rules-resolver';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';

interface Values {
  amount: string;
  password: string;
  note: string;
  kind: string;
  files: File[];
}

const parse = (text: string) => (/^[0-9]+$/.test(text) ? `${text}00` : null);

function Harness({
  onSubmit,
  choose = (current, chosen) => ({ files: [...current, ...chosen], problem: null }),
}: {
  onSubmit: (values: Values) => Promise<void>;
  choose?: (current: File[], chosen: File[]) => FileChoice;
}) {
  const form = useForm<Values>({
    defaultValues: { amount: '', password: '', note: '', kind: 'bank', files: [] },
    resolver: checksResolver<Values>({
      amount: [moneyAmount(parse, { key: 'transfers.amount_range', params: {} }, { min: '100', max: '10000' })],
      password: [required()],
    }),
  });
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label="Send"
      messageParams={{ min: '৳ 1.00', max: '৳ 100.00' }}
      errorField={(error) => (/payment/.test(error.code) ? 'password' : undefined)}
    >
      <MoneyField<Values> name="amount" label="Amount" hint="From ৳ 1.00 to ৳ 100.00" />
      <TextField<Values> name="password" type="password" label="Payment password" />
      <TextAreaField<Values> name="note" label="Note" />
      <SelectField<Values>
        name="kind"
        label="Kind"
        options={[
          { value: 'bank', label: 'Bank' },
          { value: 'ewallet', label: 'E-wallet' },
        ]}
      />
      <FileField<Values> name="files" label="Proof" accept="image/png" multiple isAdding choose={choose} />
      <FormAlert />
      <SubmitButton>Send</SubmitButton>
    </Form>
  );
}

const png = (name: string) => new File(['x'], name, { type: 'image/png' });

describe('the shared form', () => {
  beforeAll(() => activateLanguage('en'));

  it('checks an amount against its range and fills the range in from the form, wiring the message to the field', async () => {
    const sent: Values[] = [];
    render(
      <Harness
        onSubmit={async (values) => {
          sent.push(values);
        }}
      />,
    );
    expect(screen.getByText('From ৳ 1.00 to ৳ 100.00').className).toContain('text-slate-400');
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const amount = screen.getByLabelText('Amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('From ৳ 1.00 to ৳ 100.00');
    // The error takes the hint's place rather than saying the same thing twice.
    expect(screen.getAllByText('From ৳ 1.00 to ৳ 100.00')).toEqual([message]);
    expect(screen.getByLabelText('Payment password').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, ' 50 ');
    await userEvent.type(screen.getByLabelText('Payment password'), '135790');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'ewallet');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent[0]).toMatchObject({ amount: '50', password: '135790', kind: 'ewallet' });
  });

  it('reads the digits of the locale in a number field as Latin ones, and leaves a password as typed', async () => {
    const sent: Values[] = [];
    render(
      <Harness
        onSubmit={async (values) => {
          sent.push(values);
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '৫০');
    await userEvent.type(screen.getByLabelText('Payment password'), 'পাস১২');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent[0]).toMatchObject({ amount: '50', password: 'পাস১২' });
  });

  it('shows a server length error with its bound, never a bare placeholder', async () => {
    render(
      <Harness
        onSubmit={async () => {
          throw new ApiError({
            code: 'request.invalid',
            status: 400,
            messageKey: 'errors.request_invalid',
            fields: [{ field: 'body/note', key: 'validation.too_short', params: { limit: 2 } }],
          });
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Payment password'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter at least 2 characters')).toBeTruthy();
    expect(screen.getByLabelText('Note').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a failure the form places under its field, and any other in the alert', async () => {
    let code = 'invalid.payment.pw';
    render(
      <Harness
        onSubmit={async () => {
          throw new ApiError({
            code,
            status: 400,
            messageKey: `errors.${code === 'invalid.payment.pw' ? 'payment_password_invalid' : 'insufficient_funds'}`,
          });
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Payment password'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The payment password is wrong')).toBeTruthy();
    expect(screen.getByLabelText('Payment password').getAttribute('aria-invalid')).toBe('true');
    code = 'insufficient.balance';
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient balance.');
  });

  it('keeps chosen files across choices and shows why one was left out as it is chosen', async () => {
    const sent: Values[] = [];
    render(
      <Harness
        onSubmit={async (values) => {
          sent.push(values);
        }}
        choose={(current, chosen) => {
          const kept = chosen.filter((file) => file.name.endsWith('.png'));
          return {
            files: [...current, ...kept],
            problem: kept.length < chosen.length ? { key: 'feedback.image_type', params: {} } : null,
          };
        }}
      />,
    );
    const input = screen.getByLabelText('Proof') as HTMLInputElement;
    await userEvent.upload(input, png('one.png'));
    await userEvent.upload(input, [png('two.png'), new File(['x'], 'three.png.gif', { type: 'image/png' })]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Only png or jpg images can be sent.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Payment password'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent[0]?.files.map((file) => file.name)).toEqual(['one.png', 'two.png']);
  });

  it('tells a refusal about a field once, under the field', async () => {
    render(
      <Harness
        onSubmit={async () => {
          throw new ApiError({
            code: 'rg.deposit.limit.exceeded',
            status: 400,
            messageKey: 'errors.rg_deposit_limit_exceeded',
            fields: [{ field: 'amount', key: 'errors.rg_deposit_limit_exceeded', params: {} }],
          });
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Payment password'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText(/deposit limit you set/)).toHaveLength(1);
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a refusal once when its field says more than its code (the level whose limit it is)', async () => {
    render(
      <Harness
        onSubmit={async () => {
          throw new ApiError({
            code: 'withdrawal.daily.limit',
            status: 400,
            messageKey: 'errors.withdrawal_daily_limit',
            fields: [{ field: 'amount', key: 'errors.withdrawal_level_daily_limit', params: { level: 'VIP1' } }],
          });
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.type(screen.getByLabelText('Payment password'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText(/withdrawal limit of your level VIP1/)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

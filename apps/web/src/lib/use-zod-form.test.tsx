import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormError, FormTextField } from '../components/form.tsx';
import { fieldMessage, fieldMessages, formFieldOf, useZodForm } from './use-zod-form.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  amount: z.number({ error: 'Amount must be a number' }).gt(0, 'Amount must be positive'),
  targets: z.array(z.string()).min(1, 'Add at least one target'),
});

type Values = { name: string; amount: string; targets: string[] };
const defaults: Values = { name: '', amount: '', targets: ['VTI'] };
const options = {
  toBody: (values: Values) => ({ ...values, amount: values.amount === '' ? undefined : Number(values.amount) }),
  bannerFields: ['targets'] as const,
};

function TestForm({
  onSave,
  targets = defaults.targets,
}: {
  onSave: (body: z.output<typeof schema>) => Promise<void>;
  targets?: string[];
}) {
  const { register, control, handleSubmit, banner, applyServerError } = useZodForm(schema, { ...defaults, targets }, options);
  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (error) {
      applyServerError(error, 'Saving failed');
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FormError message={banner} />
      <FormTextField register={register} control={control} name="name" id="name" label="Name" />
      <FormTextField register={register} control={control} name="amount" id="amount" label="Amount" />
      <button type="submit">Save</button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const unprocessable = (loc: string[], msg: string) => ({ status: 422, data: { detail: [{ type: 'custom', loc, msg, input: null }] } });

describe('useZodForm', () => {
  it('shows the schema messages under their fields on submit and sends nothing', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<TestForm onSave={onSave} />);
    save();
    expect((await screen.findByText('Name is required')).textContent).toBe('Name is required');
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Amount must be a number').id).toBe('amount-helper-text');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits the body the schema made of the values', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<TestForm onSave={onSave} />);
    type('Name', ' Growth ');
    type('Amount', '250');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Growth', amount: 250, targets: ['VTI'] }));
  });

  it('shows a message of a field with no input in the banner', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<TestForm onSave={onSave} targets={[]} />);
    type('Name', 'Growth');
    type('Amount', '250');
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('Add at least one target');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts a 422's field message under that field, not in the banner", async () => {
    const onSave = vi.fn(async () => Promise.reject(unprocessable(['body', 'name'], 'A portfolio with this name exists')));
    render(<TestForm onSave={onSave} />);
    type('Name', 'Growth');
    type('Amount', '250');
    save();
    expect((await screen.findByText('A portfolio with this name exists')).textContent).toBe('A portfolio with this name exists');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a 422's message for a field the form lacks in the banner", async () => {
    const onSave = vi.fn(async () => Promise.reject(unprocessable(['body', 'sync_version'], 'Version is required')));
    render(<TestForm onSave={onSave} />);
    type('Name', 'Growth');
    type('Amount', '250');
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('Version is required');
  });

  it('shows any other failure in the banner, with the fallback when the server says nothing, and clears it on the next submit', async () => {
    const onSave = vi
      .fn<(body: unknown) => Promise<void>>()
      .mockRejectedValueOnce({ status: 500, data: {} })
      .mockRejectedValueOnce({ status: 400, data: { detail: 'Market is closed' } })
      .mockResolvedValue(undefined);
    render(<TestForm onSave={onSave} />);
    type('Name', 'Growth');
    type('Amount', '250');
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('Saving failed');
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Market is closed'));
    save();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onSave).toHaveBeenCalledTimes(3);
  });
});

const rowsSchema = z.object({
  rows: z
    .array(
      z.object({
        label: z.string().min(1, 'Label is required'),
        hidden: z.boolean().refine((hidden) => !hidden, 'Hidden rows cannot be saved'),
      }),
    )
    .min(2, 'Add at least two rows'),
});
type Rows = z.infer<typeof rowsSchema>;
/** The rows' hidden flags have no input: their messages go to the banner, found by path. */
const rowsOptions = { bannerFields: (field: string) => field.endsWith('.hidden') };

function RowsForm({ rows, onSave }: { rows: Rows['rows']; onSave: (body: Rows) => Promise<void> }) {
  const { register, control, handleSubmit, banner, applyServerError, formState } = useZodForm(rowsSchema, { rows }, rowsOptions);
  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (error) {
      applyServerError(error, 'Saving failed');
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FormError message={banner} />
      <p data-testid="rows-error">{fieldMessage(formState.errors, 'rows')}</p>
      {rows.map((_row, index) => (
        <FormTextField key={index} register={register} control={control} name={`rows.${index}.label`} label={`Row ${index + 1} label`} />
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

const helperOf = (label: string) => document.getElementById(`${screen.getByLabelText(label).id}-helper-text`)?.textContent;

describe('useZodForm with a list', () => {
  it("shows a list member's message under its input, the list's own above it, and the inputless ones in the banner", async () => {
    const onSave = vi.fn(async () => undefined);
    render(<RowsForm rows={[{ label: '', hidden: true }]} onSave={onSave} />);
    save();
    await waitFor(() => expect(helperOf('Row 1 label')).toBe('Label is required'));
    expect(screen.getByLabelText('Row 1 label')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('rows-error')).toHaveTextContent('Add at least two rows');
    expect(screen.getByRole('alert')).toHaveTextContent('Hidden rows cannot be saved');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts a 422 naming the list on the list, and one naming an inputless field in the banner', async () => {
    const rows = [
      { label: 'One', hidden: false },
      { label: 'Two', hidden: false },
    ];
    const onSave = vi.fn(async () =>
      Promise.reject({
        status: 422,
        data: {
          detail: [
            { type: 'custom', loc: ['body', 'rows'], msg: 'Rows must differ', input: null },
            { type: 'custom', loc: ['body', 'rows', 1, 'hidden'], msg: 'Row 2 is archived', input: null },
          ],
        },
      }),
    );
    render(<RowsForm rows={rows} onSave={onSave} />);
    save();
    await waitFor(() => expect(screen.getByTestId('rows-error')).toHaveTextContent('Rows must differ'));
    expect(screen.getByRole('alert')).toHaveTextContent('Row 2 is archived');
    expect(screen.getByLabelText('Row 2 label')).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('formFieldOf', () => {
  const values = { security: null, quantity: '', answers: { p01: '3' } };
  it('maps a body path to the field that shows it', () => {
    expect(formFieldOf(values, 'security_id', { security_id: 'security' })).toBe('security');
    expect(formFieldOf(values, 'quantity')).toBe('quantity');
    expect(formFieldOf(values, 'answers.p01')).toBe('answers.p01');
    expect(formFieldOf(values, 'answers.p99')).toBe('form');
    expect(formFieldOf(values, 'sync_version')).toBe('form');
    expect(formFieldOf(values, '')).toBe('form');
  });

  it("reads only the map's own entries", () => {
    expect(formFieldOf(values, 'constructor', { security_id: 'security' })).toBe('form');
    expect(formFieldOf(values, 'answers.q1', { 'answers.q1': 'answers.0' })).toBe('answers.0');
  });
});

describe('fieldMessage', () => {
  it("reads a field's message, or a list's own kept at its root", () => {
    const errors = {
      name: { type: 'custom', message: 'Required' },
      rows: { 0: { label: { type: 'custom', message: 'Label is required' } }, root: { type: 'custom', message: 'Add two' } },
      tags: { type: 'server', message: 'Tags must differ' },
    };
    expect(fieldMessage(errors, 'name')).toBe('Required');
    expect(fieldMessage(errors, 'rows')).toBe('Add two');
    expect(fieldMessage(errors, 'rows.0.label')).toBe('Label is required');
    expect(fieldMessage(errors, 'rows.0')).toBeUndefined();
    expect(fieldMessage(errors, 'tags')).toBe('Tags must differ');
    expect(fieldMessage(errors, 'other')).toBeUndefined();
  });
});

describe('fieldMessages', () => {
  it('flattens nested errors to messages by path, without following refs', () => {
    const ref = { focus: () => undefined, name: 'x' };
    expect(
      fieldMessages({ name: { type: 'custom', message: 'Required', ref }, answers: { p01: { type: 'server', message: 'Pick one' } } }),
    ).toEqual({
      name: 'Required',
      'answers.p01': 'Pick one',
    });
  });
});

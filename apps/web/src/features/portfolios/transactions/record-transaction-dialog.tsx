import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { isTrade } from '@meridian/domain/ledger';
import { transactionCreateSchema, transactionTypes, type TransactionType } from '@meridian/domain/portfolios';
import { marketDate } from '@meridian/domain/trading-calendar';
import type { PortfolioRef } from '../../../app/cache-tags.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { serverFieldErrors } from '../../../lib/field-errors.ts';
import { issuesByField } from '../../../lib/issues-by-field.ts';
import { parseNumber } from '../../../lib/parse-number.ts';
import { transactionTypeLabels } from '../../../lib/transaction-type-labels.ts';
import { useRecordTransactionMutation } from '../portfolios-api.ts';
import { SecurityPicker, type SecurityOption } from '../../market-data/index.ts';

/** Which fields a type asks for: trades a security, quantity and price; cash moves an amount. */
const needsSecurity = (type: TransactionType) => isTrade(type) || type === 'dividend';
const allowsSecurity = (type: TransactionType) => type !== 'deposit' && type !== 'withdrawal';

/** Records one ledger entry; the fields follow the type (spec: buy/sell, dividend, interest, deposit, withdrawal, fee). */
export function RecordTransactionDialog({ portfolio, onClose }: { portfolio: PortfolioRef; onClose: () => void }) {
  const [type, setType] = useState<TransactionType>('deposit');
  // Trade dates are market dates, as on the server: the user's own calendar may already be a day
  // ahead of New York (evening in Europe, any time in Asia), which the server refuses as the future.
  const [today] = useState(() => marketDate(new Date()));
  const [tradeDate, setTradeDate] = useState(today);
  const [security, setSecurity] = useState<SecurityOption | null>(null);
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [record, { isLoading }] = useRecordTransactionMutation();
  const trade = isTrade(type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = transactionCreateSchema.safeParse({
      type,
      trade_date: tradeDate,
      security_id: allowsSecurity(type) ? (security?.id ?? null) : null,
      quantity: trade ? parseNumber(quantity) : null,
      price: trade ? parseNumber(price) : null,
      amount: trade ? null : parseNumber(amount),
      notes: notes.trim() || null,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    try {
      await record({ portfolio, ...parsed.data }).unwrap();
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: errorText(error, 'Failed to record transaction') });
    }
  };

  const field = (name: string, label: string, value: string, set: (value: string) => void) => (
    <TextField
      id={`transaction-${name}`}
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );

  return (
    <FormDialog titleId="record-transaction-title" title="Record Transaction" submitLabel="Record" busy={isLoading} onSubmit={submit} onClose={onClose}>
      <FormError message={errors.form} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', mt: 1 }}>
        <TextField id="transaction-type" select label="Type" value={type} onChange={(event) => { setType(event.target.value as TransactionType); setErrors({}); }} helperText={errors.type ?? ' '}>
          {transactionTypes.map((value) => (
            <MenuItem key={value} value={value}>
              {transactionTypeLabels[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="transaction-date"
          type="date"
          label="Trade date"
          value={tradeDate}
          onChange={(event) => setTradeDate(event.target.value)}
          error={Boolean(errors.trade_date)}
          helperText={errors.trade_date ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
        />
      </Box>
      {allowsSecurity(type) && (
        <SecurityPicker
          id="transaction-security"
          label={needsSecurity(type) ? 'Security' : 'Security (optional)'}
          value={security}
          onChange={setSecurity}
          error={errors.security_id ?? errors.symbol}
        />
      )}
      {trade ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          {field('quantity', 'Quantity', quantity, setQuantity)}
          {field('price', 'Price per share', price, setPrice)}
        </Box>
      ) : (
        field('amount', 'Amount', amount, setAmount)
      )}
      <TextField id="transaction-notes" label="Notes (optional)" value={notes} onChange={(event) => setNotes(event.target.value)} error={Boolean(errors.notes)} helperText={errors.notes ?? ' '} fullWidth margin="dense" />
    </FormDialog>
  );
}

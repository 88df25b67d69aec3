import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** Introduces the rows, e.g. "Their version:". */
  lead: string;
  /** The record as it is now: label and shown value. */
  rows: [string, string][];
  reloadLabel: string;
  onReload: () => void;
  children?: ReactNode;
  'data-testid'?: string;
};

/** A 409 on save: the record as it is now, and a button to continue from that version. */
export function ConflictAlert({ title, lead, rows, reloadLabel, onReload, children, 'data-testid': testId }: Props) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onReload} sx={{ whiteSpace: 'nowrap' }}>
          {reloadLabel}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {lead}
      <dl
        style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 12, margin: children ? '4px 0 8px' : '4px 0 0' }}
        data-testid={testId && `${testId}-current`}
      >
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 500 }}>{label}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Alert>
  );
}

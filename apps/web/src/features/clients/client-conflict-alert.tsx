import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { Client } from '@meridian/domain/clients';
import { experienceLabel, formatShortDate, formatWholeDollars, riskProfile } from '@meridian/domain/format';
import { clientScreenMessages as text } from '@meridian/domain/client-screen-messages';

const money = (value: number | null) => (value === null ? '—' : formatWholeDollars(value));

/** A 409 on save: the record as it is now, and a button to continue from that version. */
export function ClientConflictAlert({ current, onReload }: { current: Client; onReload: () => void }) {
  const rows: [string, string][] = [
    ['Name', `${current.first_name} ${current.last_name}`],
    ['E-mail', current.email],
    ['Phone', current.phone ?? '—'],
    ['Birth date', current.birth_date ? formatShortDate(current.birth_date) : '—'],
    ['Net worth', money(current.profile.net_worth)],
    ['Annual income', money(current.profile.annual_income)],
    ['Risk capacity', current.profile.risk_capacity ? riskProfile(current.profile.risk_capacity) : '—'],
    ['Experience', experienceLabel(current.profile.investment_experience)],
    ['Changed', formatShortDate(current.updated_at)],
  ];
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="conflict-alert"
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {text.conflictReload}
        </Button>
      }
    >
      <AlertTitle>{text.conflictTitle}</AlertTitle>
      Their version:
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 12, margin: '4px 0 0' }}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 500 }}>{label}</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </Alert>
  );
}

import type { Client } from '@meridian/domain/clients/contracts';
import { experienceLabel, formatShortDate, formatWholeDollars } from '@meridian/domain/shared/format';
import { riskBandLabel } from '@meridian/domain/clients/risk-band';
import { clientScreenMessages as text } from '@meridian/domain/clients/screen-messages';
import { ConflictAlert } from '../../../components/conflict-alert.tsx';

const money = (value: number | null) => (value === null ? '—' : formatWholeDollars(value));

/** A 409 on save: the record as it is now, and a button to continue from that version. */
export function ClientConflictAlert({ current, onReload }: { current: Client; onReload: () => void }) {
  return (
    <ConflictAlert
      title={text.conflictTitle}
      lead="Their version:"
      rows={[
        ['Name', `${current.first_name} ${current.last_name}`],
        ['E-mail', current.email],
        ['Phone', current.phone ?? '—'],
        ['Birth date', current.birth_date ? formatShortDate(current.birth_date) : '—'],
        ['Net worth', money(current.profile.net_worth)],
        ['Annual income', money(current.profile.annual_income)],
        ['Risk band', riskBandLabel(current.risk_band)],
        ['Experience', experienceLabel(current.profile.investment_experience)],
        ['Changed', formatShortDate(current.updated_at)],
      ]}
      reloadLabel={text.conflictReload}
      onReload={onReload}
      data-testid="conflict-alert"
    />
  );
}

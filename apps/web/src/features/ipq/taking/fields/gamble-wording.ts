import { formatWholeDollars } from '@meridian/domain/shared/format';
import { gambleAmounts } from '@meridian/domain/ipq/instrument';

/** Gamble i in the client's own dollars: "A 50/50 chance to lose $1,000 or gain $2,000". */
export function gambleWording(referenceAmount: number, index: number): string {
  const { loss, gain } = gambleAmounts(referenceAmount, index);
  return `A 50/50 chance to lose ${formatWholeDollars(loss)} or gain ${formatWholeDollars(gain)}`;
}

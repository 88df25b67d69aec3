/** A number typed in a form ('1,250.5', '$10'); undefined when empty, NaN when not a number. */
export function parseNumber(text: string): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** A number of shares, with up to six decimals: 1234.5 → 1,234.5. */
export const formatQuantity = (value: number) => quantityFormat.format(value);

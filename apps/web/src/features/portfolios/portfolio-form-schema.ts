import { z } from 'zod';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import { defaultBenchmarkSymbol, portfolioCreateSchema, type PortfolioCreate } from '@meridian/domain/portfolios/contracts';

const fields = portfolioCreateSchema.shape;

const option = z.object({ id: z.string(), name: z.string() });
const securityOption = z.object({ id: z.string(), symbol: z.string(), name: z.string() });

/** '' is no deposit; '$1,000.50' and '1000.5' are the same amount; anything else is not a number. */
const depositText = z.string().transform((text): number | null | undefined => {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? null : Number(cleaned);
});

/**
 * The new-portfolio form: the contract's own rules (packages/domain portfolios/contracts.ts) over what the
 * screen holds (a chosen client, a chosen benchmark, the deposit as typed).
 */
export const newPortfolioFormSchema = z.object({
  client: option.nullable().refine((value) => value !== null, portfolioMessages.clientRequired),
  name: fields.name,
  account_type: z.string().pipe(fields.account_type),
  status: fields.status,
  benchmark: securityOption.nullable().refine((value) => value !== null, portfolioMessages.benchmarkRequired),
  initial_deposit: depositText.pipe(fields.initial_deposit),
});

export type NewPortfolioFormInput = z.input<typeof newPortfolioFormSchema>;
export type NewPortfolioFormOutput = z.output<typeof newPortfolioFormSchema>;

export const defaultBenchmark = { id: `benchmark-${defaultBenchmarkSymbol}`, symbol: defaultBenchmarkSymbol, name: '' };

/** The POST /portfolios body of a valid form. */
export function createBody(values: NewPortfolioFormOutput): PortfolioCreate {
  return {
    client_id: values.client!.id,
    name: values.name,
    account_type: values.account_type,
    status: values.status,
    benchmark_symbol: values.benchmark!.symbol,
    initial_deposit: values.initial_deposit ?? null,
  };
}

/** Where a server field error of POST /portfolios shows on the form. */
export const serverFieldToFormField: Record<string, keyof NewPortfolioFormInput> = {
  client_id: 'client',
  name: 'name',
  account_type: 'account_type',
  status: 'status',
  benchmark_symbol: 'benchmark',
  initial_deposit: 'initial_deposit',
};

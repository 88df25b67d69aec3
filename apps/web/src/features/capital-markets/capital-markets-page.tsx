import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { riskBandLabels, riskBands, type RiskBand } from '@meridian/domain/model-portfolios/contracts';
import {
  capitalMarketUpdateSchema,
  marketClasses,
  marketClassLabels,
  returnClasses,
  stocksLabel,
  type CapitalMarketSettings,
  type MarketClass,
  type ReturnClass,
} from '@meridian/domain/optimization/capital-markets';
import { useAppSelector } from '../../app/hooks.ts';
import { ScrollableTable } from '../../components/scrollable-table.tsx';
import { errorList, errorText } from '../../lib/error-text.ts';
import { plainFraction } from '../../lib/figure-format.ts';
import { useCapitalMarketAssumptionsQuery, useUpdateCapitalMarketAssumptionsMutation } from './capital-markets-api.ts';
import { percentText } from './rebalance-settings-draft.ts';
import { RebalanceSettingsSection } from './rebalance-settings-section.tsx';

/** The input key a schema issue's path names: a class's return, a band's row, or a whole band (a sum over its rows). */
function invalidKey(path: readonly PropertyKey[]): string {
  const [section, first, , row] = path.map(String);
  if (section === 'expected_returns') return `return.${first}`;
  if (path[2] === 'stocks') return `${first}.stocks`;
  return row ? `${first}.${row}` : `${first}`;
}

type Notice = { severity: 'success' | 'warning'; text: string };

/** What the inputs hold: percent texts keyed by field ('return.us_equity', 'moderate.core_bonds.min', 'moderate.stocks.max'). */
type Texts = Record<string, string>;

function textsOf(settings: CapitalMarketSettings): Texts {
  const texts: Texts = {};
  for (const c of returnClasses) texts[`return.${c}`] = percentText(settings.expected_returns[c]);
  for (const band of riskBands) {
    const ranges = settings.band_ranges[band];
    for (const side of ['min', 'max'] as const) {
      texts[`${band}.stocks.${side}`] = percentText(ranges.stocks[side]);
      for (const c of marketClasses) texts[`${band}.${c}.${side}`] = percentText(ranges.classes[c][side]);
    }
  }
  return texts;
}

/** The texts as a body; a text that is not a number is sent as NaN's absence (undefined), which the schema names. */
function bodyOf(texts: Texts, syncVersion: number) {
  const fraction = (key: string) => {
    const typed = (texts[key] ?? '').trim();
    const text = (typed.endsWith('%') ? typed.slice(0, -1) : typed).trim();
    const value = text === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? value / 100 : undefined;
  };
  const range = (prefix: string) => ({ min: fraction(`${prefix}.min`), max: fraction(`${prefix}.max`) });
  return {
    expected_returns: Object.fromEntries(returnClasses.map((c) => [c, fraction(`return.${c}`)])),
    band_ranges: Object.fromEntries(
      riskBands.map((band) => [
        band,
        { stocks: range(`${band}.stocks`), classes: Object.fromEntries(marketClasses.map((c) => [c, range(`${band}.${c}`)])) },
      ]),
    ),
    sync_version: syncVersion,
  };
}

function PercentInput({
  label,
  value,
  onChange,
  readOnly,
  invalid = false,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  invalid?: boolean;
}) {
  if (readOnly) return <>{value} %</>;
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={invalid}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'decimal' }, input: { endAdornment: '%' } }}
      sx={{ width: '7rem' }}
    />
  );
}

/**
 * /investment-policy (also /capital-market-assumptions): the firm's expected returns per market class, each band's
 * ranges and its rebalancing settings; admins edit, advisors read.
 */
export function CapitalMarketsPage() {
  const isAdmin = useAppSelector((state) => state.auth.user?.role_name === 'admin');
  const { data: settings, error, isLoading } = useCapitalMarketAssumptionsQuery();
  // Kept here: a save (or a refusal for a stale version) brings a new version, which starts the form afresh.
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          Investment policy
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          The firm’s capital-market assumptions: what the optimiser expects of each market class, and the range of each class it keeps a
          risk band’s optimum within. Below them, how recommendations rebalance.
        </Typography>
      </Box>
      {isLoading && <Skeleton variant="rounded" height={400} />}
      {error && <Alert severity="error">{errorText(error, 'The capital-market assumptions could not be loaded.')}</Alert>}
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setNotice(null)} data-testid="cma-notice">
          {notice.text}
        </Alert>
      )}
      {settings && <AssumptionsForm key={settings.sync_version} settings={settings} readOnly={!isAdmin} onSaved={setNotice} />}
      <RebalanceSettingsSection readOnly={!isAdmin} />
    </>
  );
}

function AssumptionsForm({
  settings,
  readOnly,
  onSaved,
}: {
  settings: CapitalMarketSettings;
  readOnly: boolean;
  onSaved: (notice: Notice | null) => void;
}) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(settings));
  const [band, setBand] = useState<RiskBand>('moderate');
  const [problems, setProblems] = useState<string[]>([]);
  // The inputs a refusal names: 'return.<class>', '<band>.<class or stocks>' (both sides), '<band>' (the band's sum).
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const isInvalid = (key: string) => {
    const [first, second] = key.split('.');
    return invalid.has(key) || invalid.has(`${first}.${second}`) || invalid.has(first ?? '');
  };
  const [save, { isLoading: saving }] = useUpdateCapitalMarketAssumptionsMutation();
  const set = (key: string) => (text: string) => {
    setTexts((current) => ({ ...current, [key]: text }));
  };

  const submit = async () => {
    onSaved(null);
    const checked = capitalMarketUpdateSchema.safeParse(bodyOf(texts, settings.sync_version));
    if (!checked.success) {
      setProblems([...new Set(checked.error.issues.map((issue) => issue.message))]);
      setInvalid(new Set(checked.error.issues.map((issue) => invalidKey(issue.path))));
      return;
    }
    const result = await save(checked.data);
    if ('error' in result) {
      // A stale version: the page reloads the current figures (a new version starts the form afresh) and says why.
      if ((result.error as { status?: unknown }).status === 409) {
        onSaved({ severity: 'warning', text: errorText(result.error) });
        return;
      }
      setProblems(errorList(result.error) ?? [errorText(result.error, 'The assumptions could not be saved.')]);
      return;
    }
    setProblems([]);
    setInvalid(new Set());
    onSaved({ severity: 'success', text: 'The assumptions are saved: every optimum now uses them.' });
  };

  const rangeRow = (key: string, label: string) => (
    <TableRow key={key}>
      <TableCell component="th" scope="row">
        {label}
      </TableCell>
      {(['min', 'max'] as const).map((side) => (
        <TableCell key={side} align="right">
          <PercentInput
            label={`${riskBandLabels[band]}, ${label}: ${side === 'min' ? 'minimum' : 'maximum'}`}
            value={texts[`${band}.${key}.${side}`] ?? ''}
            onChange={set(`${band}.${key}.${side}`)}
            readOnly={readOnly}
            invalid={isInvalid(`${band}.${key}.${side}`)}
          />
        </TableCell>
      ))}
    </TableRow>
  );

  return (
    <Box data-testid="capital-market-assumptions">
      <Alert severity="info" sx={{ mb: 2 }}>
        {settings.defaults
          ? 'These are the seeded figures: illustrative long-term assumptions, not a forecast. Set your firm’s own.'
          : `Your firm’s figures${settings.updated_at ? `, last changed ${new Date(settings.updated_at).toLocaleDateString()}` : ''}.`}{' '}
        A security expects the risk-free rate plus its class’s premium times its beta to the class’s fund; the betas and the risk
        (volatilities and correlations) are estimated from three years of daily closes.
        {readOnly && ' Only an administrator can change them.'}
      </Alert>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="cma-returns-heading" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="cma-returns-heading" sx={{ mb: 1 }}>
            Expected annual returns
          </Typography>
          <ScrollableTable label="Expected annual return of each market class">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Market class</TableCell>
                  <TableCell align="right">Expected return</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {returnClasses.map((c: ReturnClass) => (
                  <TableRow key={c}>
                    <TableCell component="th" scope="row">
                      {marketClassLabels[c]}
                    </TableCell>
                    <TableCell align="right">
                      <PercentInput
                        label={`${marketClassLabels[c]}: expected return`}
                        value={texts[`return.${c}`] ?? ''}
                        onChange={set(`return.${c}`)}
                        readOnly={readOnly}
                        invalid={invalid.has(`return.${c}`)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell component="th" scope="row">
                    {marketClassLabels.cash}
                  </TableCell>
                  <TableCell align="right">{plainFraction(settings.risk_free_rate)} (the firm’s risk-free rate)</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </ScrollableTable>
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="cma-ranges-heading" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="cma-ranges-heading" sx={{ mb: 1 }}>
            Ranges per risk band
          </Typography>
          <Tabs
            value={band}
            onChange={(_event, next: RiskBand) => setBand(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Risk band"
          >
            {riskBands.map((b) => (
              <Tab key={b} value={b} label={riskBandLabels[b]} />
            ))}
          </Tabs>
          <ScrollableTable label={`Ranges of the ${riskBandLabels[band].toLowerCase()} band`}>
            <Table size="small" data-testid="cma-band-ranges">
              <TableHead>
                <TableRow>
                  <TableCell>Market class</TableCell>
                  <TableCell align="right">Minimum</TableCell>
                  <TableCell align="right">Maximum</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rangeRow('stocks', stocksLabel)}
                {marketClasses.map((c: MarketClass) => rangeRow(c, marketClassLabels[c]))}
              </TableBody>
            </Table>
          </ScrollableTable>
        </Paper>
      </Box>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="cma-problems">
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button variant="contained" onClick={submit} disabled={saving}>
            {saving ? 'Saving…' : 'Save assumptions'}
          </Button>
        </Box>
      )}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatShortDate } from '@meridian/domain/shared/format';
import type { ModelTargetKind, RiskBand } from '@meridian/domain/model-portfolios/contracts';
import { assetClasses, assetClassLabel } from '@meridian/domain/securities/contracts';
import { useAppSelector } from '../../app/hooks.ts';
import { errorText } from '../../lib/error-text.ts';
import { plainFraction } from '../../lib/figure-format.ts';
import { useCapitalMarketAssumptionsQuery } from '../capital-markets/index.ts';
import { SecurityPicker } from '../market-data/index.ts';
import {
  addSecurity,
  blankDraft,
  draftComplete,
  draftFromModel,
  percents,
  removeSecurity,
  scaledTo100,
  scaleDraft,
  setWeight,
  withPercents,
  type Draft,
} from './build-draft.ts';
import { builderTexts } from './builder-texts.ts';
import { FrontierPanel } from './frontier/frontier-panel.tsx';
import { bandWeights, frontierPoints, mixFigures } from './mix/mix-figures.ts';
import { MixFiguresPanel } from './mix/mix-figures-panel.tsx';
import { ModelStartBar } from './model-start-bar.tsx';
import { SaveModelDialog } from './save/save-model-dialog.tsx';
import { SaveProposalDialog } from './save/save-proposal-dialog.tsx';
import { useMixStatistics } from './mix/use-mix-statistics.ts';
import { WeightRows, type WeightRow } from './weight-rows.tsx';

/** /portfolio-builder: a model portfolio or a client's proposal, weighed with live risk and return figures. */
export function PortfolioBuilderPage() {
  // The API refuses clients (403): they get a plain word instead of a screen of failures.
  const isClient = useAppSelector((state) => state.auth.user?.role_name === 'client');
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 500 }}>
          {builderTexts.heading}
        </Typography>
        <Typography variant="subtitle1" color="text.secondary">
          {builderTexts.subtitle}
        </Typography>
      </Box>
      {isClient ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="builder-staff-only">
          <Typography>{builderTexts.staffOnly}</Typography>
        </Paper>
      ) : (
        <PortfolioBuilder />
      )}
    </>
  );
}

function PortfolioBuilder() {
  const [draft, setDraft] = useState<Draft>(blankDraft);
  const [band, setBand] = useState<RiskBand>('moderate');
  const [dialog, setDialog] = useState<'model' | 'proposal' | null>(null);
  const [notice, setNotice] = useState<ReactNode>(null);
  // The search box starts afresh after each security is added (and keeps the focus for the next one).
  const [added, setAdded] = useState(0);
  const { mix, classFunds, answer, loading, fundMissing, error } = useMixStatistics(draft);
  const assumptions = useCapitalMarketAssumptionsQuery().data;
  const frontier = useMemo(() => (mix ? frontierPoints(mix) : null), [mix]);

  const weights = percents(draft);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const complete = draftComplete(draft);
  const figures = mix
    ? mixFigures(
        mix,
        weights.map((weight) => weight / 100),
      )
    : null;
  const rows: WeightRow[] =
    draft.kind === 'security'
      ? draft.securities.map((security) => ({ key: security.id, label: security.symbol, detail: security.name }))
      : assetClasses.map((assetClass) => ({
          key: assetClass,
          label: assetClassLabel(assetClass),
          detail: builderTexts.viaFund(classFunds[assetClass]),
        }));

  const start = (next: Draft) => {
    setDraft(next);
    setNotice(null);
  };
  const problem = fundMissing ? builderTexts.fundMissing : error ? errorText(error, builderTexts.statisticsFailed) : null;
  const note = answer
    ? builderTexts.history(formatShortDate(answer.history.start), formatShortDate(answer.history.end), plainFraction(answer.risk_free_rate))
    : null;

  return (
    <>
      <ModelStartBar model={draft.model} onNew={() => start(blankDraft)} onLoad={(model) => start(draftFromModel(model))} />
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)} data-testid="builder-notice">
          {notice}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-labelledby="builder-weights-heading" sx={{ p: 2, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography variant="h6" component="h2" id="builder-weights-heading">
              {builderTexts.weightsHeading}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={draft.kind}
              aria-label={builderTexts.kindLabel}
              onChange={(_event, kind: ModelTargetKind | null) => kind && setDraft({ ...draft, kind })}
            >
              <ToggleButton value="security">{builderTexts.securities}</ToggleButton>
              <ToggleButton value="asset_class">{builderTexts.assetClasses}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {draft.kind === 'security' && (
            <SecurityPicker
              key={added}
              id="builder-add-security"
              label={builderTexts.addSecurity}
              value={null}
              autoFocus={added > 0}
              helperText={builderTexts.addSecurityHelp}
              onChange={(security) => {
                if (!security) return;
                setDraft(addSecurity(draft, security));
                setAdded(added + 1);
              }}
            />
          )}
          {rows.length > 0 ? (
            <WeightRows
              rows={rows}
              weights={draft.weights}
              onWeight={(key, text) => setDraft(setWeight(draft, key, text))}
              onRemove={draft.kind === 'security' ? (id) => setDraft(removeSecurity(draft, id)) : undefined}
            />
          ) : (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {builderTexts.noSecurities}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end', mt: 2 }}>
            {draft.kind === 'security' ? (
              <Button variant="outlined" disabled={!complete} onClick={() => setDialog('proposal')}>
                {builderTexts.saveProposal}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 16rem', alignSelf: 'center' }}>
                {builderTexts.proposalsNeedSecurities}
              </Typography>
            )}
            <Button variant="contained" disabled={!complete} onClick={() => setDialog('model')}>
              {builderTexts.saveModel}
            </Button>
          </Box>
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          <MixFiguresPanel
            totalPercent={total}
            complete={complete}
            figures={figures}
            loading={loading}
            problem={problem}
            note={note}
            onScale={() => setDraft(scaleDraft(draft))}
            band={band}
            onBandChange={setBand}
            onOptimise={
              mix
                ? () =>
                    setDraft(
                      withPercents(
                        draft,
                        scaledTo100(bandWeights(mix, band, draft.kind === 'security', assumptions?.band_ranges[band] ?? null)),
                      ),
                    )
                : undefined
            }
          />
          {mix && frontier && (
            <FrontierPanel
              kind={draft.kind}
              mix={mix}
              frontier={frontier}
              current={figures && { expected_return: figures.expectedReturn, volatility: figures.volatility }}
            />
          )}
        </Box>
      </Box>
      {dialog === 'model' && (
        <SaveModelDialog
          draft={draft}
          band={band}
          onClose={() => setDialog(null)}
          onSaved={(model) => {
            setDraft({ ...draft, model });
            setDialog(null);
            setNotice(builderTexts.modelSaved(model.name));
          }}
          onReload={(current) => {
            start(draftFromModel(current));
            setDialog(null);
          }}
        />
      )}
      {dialog === 'proposal' && (
        <SaveProposalDialog
          draft={draft}
          onClose={() => setDialog(null)}
          onSaved={(portfolio) => {
            setDialog(null);
            setNotice(
              <>
                {builderTexts.proposalSaved(portfolio.name, portfolio.client_name)}{' '}
                <Link component={RouterLink} to={`/portfolios/${portfolio.id}`}>
                  {builderTexts.openProposal}
                </Link>
              </>,
            );
          }}
        />
      )}
    </>
  );
}

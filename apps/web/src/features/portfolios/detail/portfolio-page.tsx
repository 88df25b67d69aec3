import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatQuantity } from '../../../lib/format-quantity.ts';
import { portfolioMessages } from '@meridian/domain/portfolios/messages';
import type { Holding } from '@meridian/domain/portfolios/holding-contracts';
import { useAppSelector } from '../../../app/hooks.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { RefreshErrorAlert } from '../../../components/refresh-error-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { usePageDialogs } from '../../../lib/use-page-dialogs.ts';
import { RecommendationsPanel } from '../../recommendations/index.ts';
import { AddHoldingDialog } from '../holdings/add-holding-dialog.tsx';
import { AllocationDonuts } from '../../../components/allocation-donuts.tsx';
import { EditHoldingDialog } from '../holdings/edit-holding-dialog.tsx';
import { EditPortfolioDialog } from './edit-portfolio-dialog.tsx';
import { HoldingsTable } from '../holdings/holdings-table.tsx';
import { PortfolioHeader } from './portfolio-header.tsx';
import { PortfolioValueCards } from './portfolio-value-cards.tsx';
import { useDeletePortfolioMutation, useGetPortfolioQuery, useRemoveHoldingMutation } from '../portfolios-api.ts';
import { TransactionsPanel } from '../transactions/transactions-panel.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit-holding' | 'remove-holding'; holding: Holding } | { kind: 'edit' } | { kind: 'delete' };

/** /portfolios/:portfolioId: values, allocation, holdings and the ledger of one portfolio. */
export function PortfolioPage() {
  const { portfolioId = '' } = useParams();
  const navigate = useNavigate();
  const readOnly = useAppSelector((state) => state.auth.user?.role_name === 'client');
  const { data: portfolio, error, isLoading } = useGetPortfolioQuery(portfolioId);
  const [tab, setTab] = useState<'holdings' | 'transactions'>('holdings');
  const { dialog, setDialog, close, confirmation } = usePageDialogs<Dialog>();
  const [removeHolding, removal] = useRemoveHoldingMutation();
  const [deletePortfolio, deletion] = useDeletePortfolioMutation();

  if (isLoading) return <PageSpinner />;
  if (!portfolio) {
    return <Alert severity="error">{errorText(error, portfolioMessages.fetchPortfolioFailed)}</Alert>;
  }
  return (
    <>
      <PortfolioHeader
        portfolio={portfolio}
        readOnly={readOnly}
        onEdit={() => setDialog({ kind: 'edit' })}
        onDelete={() => setDialog({ kind: 'delete' })}
      />
      <RefreshErrorAlert error={error} fallback={portfolioMessages.fetchPortfolioFailed} />
      <PortfolioValueCards portfolio={portfolio} />
      <AllocationDonuts byAssetClass={portfolio.allocation.by_asset_class} bySector={portfolio.allocation.by_sector} />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_event, next) => setTab(next)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          <Tab value="holdings" label={`Holdings (${portfolio.holdings_count})`} />
          <Tab value="transactions" label="Transactions" />
        </Tabs>
        {tab === 'holdings' ? (
          <HoldingsTable
            holdings={portfolio.holdings}
            lotMethod={portfolio.lot_method}
            readOnly={readOnly}
            onAdd={() => setDialog({ kind: 'add' })}
            onEdit={(holding) => setDialog({ kind: 'edit-holding', holding })}
            onRemove={(holding) => setDialog({ kind: 'remove-holding', holding })}
          />
        ) : (
          <TransactionsPanel portfolio={portfolio} readOnly={readOnly} />
        )}
      </Paper>
      <Box sx={{ mt: 3 }}>
        <RecommendationsPanel clientId={portfolio.client_id} portfolioId={portfolio.id} />
      </Box>

      <AddHoldingDialog portfolio={portfolio} open={dialog?.kind === 'add'} onClose={close} />
      {dialog?.kind === 'edit-holding' && <EditHoldingDialog portfolio={portfolio} holding={dialog.holding} onClose={close} />}
      {dialog?.kind === 'edit' && <EditPortfolioDialog portfolio={portfolio} onClose={close} />}
      <ConfirmDialog
        title="Remove holding"
        confirmLabel="Remove"
        {...confirmation(
          dialog?.kind === 'remove-holding',
          removal.isLoading,
          async () => {
            if (dialog?.kind !== 'remove-holding') return;
            await removeHolding({ portfolio, holdingId: dialog.holding.id }).unwrap();
            close();
          },
          portfolioMessages.removeHoldingFailed,
        )}
      >
        {dialog?.kind === 'remove-holding' &&
          `Sell all ${formatQuantity(dialog.holding.quantity)} shares of ${dialog.holding.security.symbol} at the latest close and remove the holding? The sale is recorded in the ledger.`}
      </ConfirmDialog>
      <ConfirmDialog
        title="Delete portfolio"
        confirmLabel="Delete"
        {...confirmation(
          dialog?.kind === 'delete',
          deletion.isLoading,
          async () => {
            await deletePortfolio(portfolio).unwrap();
            void navigate('/portfolios', { replace: true });
          },
          portfolioMessages.deletePortfolioFailed,
        )}
      >
        {`Delete ${portfolio.name}? It disappears from every list; its ledger is kept for the audit trail.`}
      </ConfirmDialog>
    </>
  );
}

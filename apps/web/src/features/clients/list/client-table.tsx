import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Client, ClientSortField } from '@meridian/domain/clients';
import { formatCompactDollars, formatShortDate } from '@meridian/domain/format';
import { clientScreenMessages as text } from '@meridian/domain/client-screen-messages';
import { SignedValue } from '../../../components/signed-value.tsx';
import { ClientAvatar } from '../client-avatar.tsx';
import { RiskCapacityChip } from '../risk-capacity-chip.tsx';
import { pageSizeOptions, type ClientListAction, type ClientListState } from './client-list-state.ts';
import { ClientRowMenu } from './client-row-menu.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';

type Props = {
  rows: Client[] | undefined;
  total: number;
  loading: boolean;
  fetching: boolean;
  state: ClientListState;
  dispatch: (action: ClientListAction) => void;
};

const assessmentTone = { Complete: 'success', 'In Progress': 'info', Pending: 'default' } as const;

function SortHeader({ field, label, state, dispatch }: { field: ClientSortField; label: string } & Pick<Props, 'state' | 'dispatch'>) {
  return (
    <TableSortLabel active={state.sort === field} direction={state.sort === field ? state.order : 'asc'} onClick={() => dispatch({ type: 'sort', field })}>
      {label}
    </TableSortLabel>
  );
}

const columnCount = 7;

/** Client, portfolio value, performance, risk, assessment, last activity, actions; paged on the server. */
export function ClientTable({ rows, total, loading, fetching, state, dispatch }: Props) {
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{fetching && !loading && <LinearProgress aria-label="Updating clients" />}</Box>
      <TableContainer>
        <Table size="medium" aria-label="Clients">
          <TableHead>
            <TableRow>
              <TableCell sortDirection={state.sort === 'name' ? state.order : false}>
                <SortHeader field="name" label="Client" state={state} dispatch={dispatch} />
              </TableCell>
              <TableCell align="right">Portfolio Value</TableCell>
              <TableCell align="right">
                {/* What the column measures, told once in its header rather than on every row. */}
                <Tooltip title={text.performanceHint} describeChild>
                  <span tabIndex={0}>Performance</span>
                </Tooltip>
              </TableCell>
              <TableCell sortDirection={state.sort === 'risk_capacity' ? state.order : false}>
                <SortHeader field="risk_capacity" label="Risk Profile" state={state} dispatch={dispatch} />
              </TableCell>
              <TableCell>Assessment</TableCell>
              <TableCell>Last Activity</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {text.loading}
                </TableCell>
              </TableRow>
            )}
            {!loading && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {text.empty}
                </TableCell>
              </TableRow>
            )}
            {!loading &&
              rows?.map((client) => {
                const name = `${client.first_name} ${client.last_name}`;
                return (
                  <TableRow key={client.id} hover data-testid="client-row">
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                        <ClientAvatar firstName={client.first_name} lastName={client.last_name} />
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" noWrap component="p">
                            {client.email}
                          </Typography>
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell align="right">{formatCompactDollars(client.aum)}</TableCell>
                    <TableCell align="right">
                      <SignedValue value={client.gain_loss_percent} kind="percent" trend data-testid="client-performance" />
                    </TableCell>
                    <TableCell>
                      <RiskCapacityChip capacity={client.profile.risk_capacity} />
                    </TableCell>
                    <TableCell>
                      <Chip label={client.assessment_status} color={assessmentTone[client.assessment_status]} size="small" variant="outlined" />
                    </TableCell>
                    <TableCell>{formatShortDate(client.last_activity_at)}</TableCell>
                    <TableCell align="right">
                      <ClientRowMenu clientId={client.id} name={name} />
                    </TableCell>
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={total}
        page={state.page}
        perPage={state.perPage}
        perPageOptions={pageSizeOptions}
        onPage={(page) => dispatch({ type: 'page', value: page })}
        onPerPage={(perPage) => dispatch({ type: 'perPage', value: perPage })}
      />
    </Paper>
  );
}

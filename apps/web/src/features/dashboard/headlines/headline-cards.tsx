import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import PeopleIcon from '@mui/icons-material/People';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import type {
  AumResponse,
  BookPerformanceResponse,
  ClientCountResponse,
  CompletedAssessmentsResponse,
} from '@meridian/domain/dashboard/contracts';
import { quarterLabel } from '@meridian/domain/dashboard/contracts';
import { formatCompactDollars } from '@meridian/domain/shared/format';
import { returnFigure, SignedValue } from '../../../components/signed-value.tsx';
import { demoCards } from '../dashboard-demo.ts';
import { formatCount, signedCompactDollars, signedCount, signedPoints } from '../dashboard-format.ts';
import { dashboardMessages as text } from '../dashboard-messages.ts';
import { HeadlineCard } from './headline-card.tsx';

type Loaded<T> = { data?: T | undefined; isLoading: boolean };

type Props = {
  demo: boolean;
  aum: Loaded<AumResponse>;
  clients: Loaded<ClientCountResponse>;
  assessments: Loaded<CompletedAssessmentsResponse>;
  performance: Loaded<BookPerformanceResponse>;
};

/** The quarter the current figures are compared with: the one `previous_as_of` closes. */
const previousLabel = (data: { previous_as_of: string }) => quarterLabel(data.previous_as_of);

const grid = { display: 'grid', gap: 2, mb: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } } as const;

function DemoCards() {
  return (
    <Box sx={grid}>
      <HeadlineCard
        demo
        testId="card-clients"
        label={text.totalClients}
        icon={<PeopleIcon />}
        loading={false}
        value={formatCount(demoCards.activeClients)}
      />
      <HeadlineCard
        demo
        testId="card-aum"
        label={text.totalAum}
        icon={<AccountBalanceWalletIcon />}
        loading={false}
        value={formatCompactDollars(demoCards.totalAum)}
      />
      <HeadlineCard
        demo
        testId="card-assessments"
        label={text.assessmentsCompleted}
        icon={<AssignmentTurnedInIcon />}
        loading={false}
        value={formatCount(demoCards.completedAssessments)}
      />
      <HeadlineCard
        demo
        testId="card-performance"
        label={text.portfolioPerformance}
        icon={<ShowChartIcon />}
        loading={false}
        value={returnFigure(demoCards.performance).text}
      />
    </Box>
  );
}

/**
 * The four headline cards (spec part 1 §2) from the live figures, each with its change against the
 * previous period; in the demo state the spec's figures, each labelled as demo data.
 */
export function HeadlineCards({ demo, aum, clients, assessments, performance }: Props) {
  if (demo) return <DemoCards />;
  const clientData = clients.data?.data;
  const aumData = aum.data?.data;
  const assessmentData = assessments.data?.data;
  const book = performance.data?.data;
  return (
    <Box sx={grid}>
      <HeadlineCard
        testId="card-clients"
        label={text.totalClients}
        icon={<PeopleIcon />}
        loading={clients.isLoading || !clientData}
        value={clientData && formatCount(clientData.active_clients)}
        caption={text.clientsCaption}
        change={clientData && <SignedValue figure={signedCount(clientData.change)} suffix={text.since(previousLabel(clientData))} />}
      />
      <HeadlineCard
        testId="card-aum"
        label={text.totalAum}
        icon={<AccountBalanceWalletIcon />}
        loading={aum.isLoading || !aumData}
        value={aumData && formatCompactDollars(aumData.total_aum)}
        caption={text.aumCaption}
        change={aumData && <SignedValue figure={signedCompactDollars(aumData.change)} suffix={text.versus(previousLabel(aumData))} />}
      />
      <HeadlineCard
        testId="card-assessments"
        label={text.assessmentsCompleted}
        icon={<AssignmentTurnedInIcon />}
        loading={assessments.isLoading || !assessmentData}
        // Not recorded yet: a true 0 and the server's note, never an estimate.
        value={assessmentData && formatCount(assessmentData.available ? assessmentData.completed_assessments : 0)}
        change={
          assessmentData?.available && (
            <SignedValue figure={signedCount(assessmentData.change)} suffix={text.versusWhole(previousLabel(assessmentData))} />
          )
        }
        caption={assessmentData?.available ? text.assessmentsCaption(assessmentData.period_label) : null}
        note={assessmentData && !assessmentData.available ? assessmentData.note : null}
      />
      <HeadlineCard
        testId="card-performance"
        label={text.portfolioPerformance}
        icon={<ShowChartIcon />}
        loading={performance.isLoading || !book}
        value={book && (book.twr === null ? text.noValue : <SignedValue variant="inherit" figure={returnFigure(book.twr)} />)}
        caption={book && book.twr !== null ? text.performanceCaption : null}
        change={
          book &&
          book.twr !== null &&
          book.change !== null && <SignedValue figure={signedPoints(book.change)} suffix={text.versusPriorYear} />
        }
        note={book && (book.twr === null ? text.noPerformance : book.change === null ? text.noPriorYear : null)}
      />
    </Box>
  );
}

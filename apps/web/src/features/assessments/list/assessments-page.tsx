import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { assessmentLimits } from '@meridian/domain/assessments/contracts';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useListAssessmentsQuery } from '../assessments-api.ts';
import { useViewerRole } from '../use-viewer-role.ts';
import { AssessmentFilters } from './assessment-filters.tsx';
import { noFilters, type AssessmentFilterState } from './assessment-filter-state.ts';
import { AssessmentsTable } from './assessments-table.tsx';
import { AssignDialog } from './assign-dialog.tsx';

export const assessmentPageSizes = [10, 25, 50, 100];

/**
 * /assessments: the book's assessments, filtered and paged on the server, with the way to assign
 * more; a client user's own ("My assessments"). /assessments/new opens it with the assign dialog.
 */
export function AssessmentsPage({ assigning = false }: { assigning?: boolean }) {
  const navigate = useNavigate();
  const { isClient, isAdmin } = useViewerRole();
  const { page, setPage, perPage, setPerPage } = usePaging(assessmentLimits.perPageDefault);
  const [filters, setFilters] = useState<AssessmentFilterState>(noFilters);
  const [dialogOpen, setDialogOpen] = useState(false);
  const search = useDebouncedValue(filters.search.trim(), 300);
  const { data, error, isLoading, isFetching, isError } = useListAssessmentsQuery({
    page: page + 1,
    per_page: perPage,
    status: filters.status || undefined,
    template_id: filters.templateId || undefined,
    advisor_id: isAdmin ? filters.advisorId || undefined : undefined,
    search: search || undefined,
    overdue: filters.overdue || undefined,
  });
  const filtered = filters.status !== '' || filters.templateId !== '' || filters.advisorId !== '' || search !== '' || filters.overdue;
  const open = !isClient && (dialogOpen || assigning);
  const closeDialog = () => {
    setDialogOpen(false);
    if (assigning) void navigate('/assessments', { replace: true });
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {isClient ? text.myTitle : text.listTitle}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            {isClient ? text.mySubtitle : text.listSubtitle}
          </Typography>
        </Box>
        {!isClient && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
            {text.assign}
          </Button>
        )}
      </Box>
      <Paper variant="outlined">
        <AssessmentFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(0);
          }}
          statusOnly={isClient}
          showAdvisor={isAdmin}
        />
        <ListStatus
          noun="assessments"
          fetching={isFetching}
          loading={isLoading}
          error={isError ? errorText(error, text.listFailed) : null}
          empty={data && data.total === 0 && !isError ? (filtered ? text.listEmpty : isClient ? text.myEmpty : text.listEmptyNone) : null}
          emptyTestId="assessments-empty"
        />
        {data && data.total > 0 && !isError && (
          <>
            <AssessmentsTable assessments={data.assessments} own={isClient} />
            <ListPagination
              total={data.total}
              page={page}
              perPage={perPage}
              perPageOptions={assessmentPageSizes}
              onPage={setPage}
              onPerPage={setPerPage}
            />
          </>
        )}
      </Paper>
      {!isClient && <AssignDialog open={open} onClose={closeDialog} />}
    </>
  );
}

/** /assessments/new (the quick action): the list with the assign dialog open; closing it leaves for /assessments. */
export function NewAssessmentPage() {
  return <AssessmentsPage assigning />;
}

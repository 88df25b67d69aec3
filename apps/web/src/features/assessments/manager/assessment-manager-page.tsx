import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useListTemplatesQuery } from '../assessments-api.ts';
import { useViewerRole } from '../use-viewer-role.ts';
import { TemplateDetailPanel } from './template-detail.tsx';
import { TemplateList } from './template-list.tsx';

/**
 * /assessment-manager(/:templateId): the built-in questionnaire and the firm's templates; the one
 * chosen shows its versions, questions and statistics beside the list (under it on a phone).
 * Admins create, edit and switch templates on and off; advisors read.
 */
export function AssessmentManagerPage() {
  const { templateId } = useParams();
  const { isClient, isAdmin } = useViewerRole();
  const { data, error, isLoading, isError } = useListTemplatesQuery(undefined, { skip: isClient });
  // A template chosen here (not the one a link opened) takes the focus: on a phone its detail is under the list.
  const [chosen, setChosen] = useState(false);
  const opened = useRef(templateId);
  useEffect(() => {
    if (templateId !== opened.current) setChosen(true);
  }, [templateId]);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 500, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {text.managerTitle}
          </Typography>
          <Typography variant="subtitle1" color="text.secondary">
            {text.managerSubtitle}
          </Typography>
        </Box>
        {isAdmin && (
          <Button component={RouterLink} to="/assessment-manager/new" variant="contained" startIcon={<AddIcon />}>
            {text.newTemplate}
          </Button>
        )}
      </Box>
      {isClient ? (
        <Alert severity="info">{text.staffOnly}</Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Box component="section" aria-labelledby="templates-heading">
            <Typography variant="h6" component="h2" id="templates-heading" sx={{ mb: 1 }}>
              {text.templates}
            </Typography>
            {isLoading && <LinearProgress aria-label="Loading templates" />}
            {isError && <Alert severity="error">{errorText(error, text.templatesFailed)}</Alert>}
            {data && <TemplateList templates={data.templates} selectedId={templateId} canManage={isAdmin} />}
          </Box>
          {templateId ? (
            <TemplateDetailPanel key={templateId} templateId={templateId} canManage={isAdmin} focusOnLoad={chosen} />
          ) : (
            <Typography color="text.secondary" sx={{ pt: { md: 5 } }}>
              {text.chooseTemplatePrompt}
            </Typography>
          )}
        </Box>
      )}
    </>
  );
}

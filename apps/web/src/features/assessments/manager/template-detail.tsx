import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { useGetTemplateQuery } from '../assessments-api.ts';
import { definitionOf } from '../definition-of.ts';
import { ReliabilityTable } from './reliability-table.tsx';
import { ScoreDistribution } from './score-distribution.tsx';
import { TemplateQuestions } from './template-questions.tsx';
import { TemplateVersions } from './template-versions.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One template: its versions, its current questions (read only) and its statistics; admins may edit the firm's own. */
export function TemplateDetailPanel({
  templateId,
  canManage,
  focusOnLoad,
}: {
  templateId: string;
  canManage: boolean;
  focusOnLoad: boolean;
}) {
  const { data: template, error, isFetching, isError } = useGetTemplateQuery(templateId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(template);
  useEffect(() => {
    if (focusOnLoad && loaded) heading.current?.focus();
  }, [focusOnLoad, loaded]);
  if (!template) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {isError ? (
          <Alert severity="error">{errorText(error, text.templateFailed)}</Alert>
        ) : (
          <LinearProgress aria-label="Loading the template" />
        )}
      </Paper>
    );
  }
  const definition = definitionOf(template.definition);
  return (
    <Paper variant="outlined" component="article" aria-labelledby="template-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <LinearProgress aria-label="Refreshing the template" sx={{ visibility: isFetching ? 'visible' : 'hidden', mb: 1 }} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography
            variant="h5"
            component="h2"
            id="template-heading"
            ref={heading}
            tabIndex={-1}
            sx={{ overflowWrap: 'anywhere', outline: 'none' }}
          >
            {template.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
            {template.kind === 'ipq' && <Chip label={text.builtIn} size="small" color="primary" variant="outlined" />}
            {!template.is_active && <Chip label={text.inactive} size="small" />}
            <Typography variant="body2" color="text.secondary">
              {`${text.questionCount(template.questions)} · ${text.versionLabel(template.current_version)}`}
            </Typography>
          </Box>
        </Box>
        {canManage && template.kind === 'custom' && (
          <Button
            component={RouterLink}
            to={`/assessment-manager/${encodeURIComponent(template.id)}/edit`}
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
          >
            {text.edit}
          </Button>
        )}
      </Box>
      {isError && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {errorText(error, text.templateFailed)}
        </Alert>
      )}
      {template.description && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{template.description}</Typography>}
      <Part title={text.statistics}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500 }}>
          {text.reliability}
        </Typography>
        {definition ? (
          <ReliabilityTable definition={definition} statistics={template.statistics} name={template.name} />
        ) : (
          <Typography color="text.secondary">{text.ipqReliability}</Typography>
        )}
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500, mt: 2 }}>
          {text.distribution}
        </Typography>
        <ScoreDistribution statistics={template.statistics} name={template.name} />
      </Part>
      <Part title={text.questions}>
        {definition ? <TemplateQuestions definition={definition} /> : <Typography color="text.secondary">{text.ipqQuestions}</Typography>}
      </Part>
      <Part title={text.versions}>
        <TemplateVersions template={template} />
      </Part>
    </Paper>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { assessmentTexts } from '../assessment-texts.ts';
import { useGetTemplateQuery } from '../assessments-api.ts';
import { useViewerRole } from '../use-viewer-role.ts';
import { editorTexts as text } from './editor-texts.ts';
import { TemplateEditorForm } from './template-editor-form.tsx';

function Frame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {text.backToManager}
      </Button>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 500, mb: 3, fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /assessment-manager/new and /assessment-manager/:templateId/edit: the template editor, for firm admins. */
export function TemplateEditorPage() {
  const { templateId } = useParams();
  const { isAdmin } = useViewerRole();
  const { data: template, error, isLoading } = useGetTemplateQuery(templateId ?? '', { skip: !templateId || !isAdmin });
  const back = templateId ? `/assessment-manager/${encodeURIComponent(templateId)}` : '/assessment-manager';

  if (!isAdmin) {
    return (
      <Frame title={templateId ? assessmentTexts.edit : text.newTitle} back={back}>
        <Alert severity="info">{text.adminOnly}</Alert>
      </Frame>
    );
  }
  if (!templateId) {
    return (
      <Frame title={text.newTitle} back={back}>
        <TemplateEditorForm template={null} />
      </Frame>
    );
  }
  if (isLoading) return <PageSpinner />;
  if (!template) {
    return (
      <Frame title={assessmentTexts.edit} back={back}>
        <Alert severity="error">{errorText(error, assessmentTexts.templateFailed)}</Alert>
      </Frame>
    );
  }
  return (
    <Frame title={text.editTitle(template.name)} back={back}>
      {template.kind === 'ipq' ? (
        <Alert severity="info">{text.builtInReadOnly}</Alert>
      ) : (
        <TemplateEditorForm key={template.id} template={template} />
      )}
    </Frame>
  );
}

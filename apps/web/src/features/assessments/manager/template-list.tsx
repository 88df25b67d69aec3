import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TemplateSummary } from '@meridian/domain/assessments/contracts';
import { TextLink } from '../../../components/text-link.tsx';
import { assessmentTexts as text } from '../assessment-texts.ts';
import { ActiveSwitch } from './active-switch.tsx';

type Props = {
  templates: TemplateSummary[];
  selectedId: string | undefined;
  /** Admins switch the firm's own templates on and off. */
  canManage: boolean;
};

/** The templates as cards: name (opens it), built-in or inactive, questions and version, responses by status. */
export function TemplateList({ templates, selectedId, canManage }: Props) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Box component="ul" aria-label={text.templates} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {templates.map((template) => {
          const selected = template.id === selectedId;
          return (
            <Paper
              key={template.id}
              component="li"
              variant="outlined"
              data-testid={`template-card-${template.id}`}
              aria-current={selected ? 'true' : undefined}
              sx={{ p: 2, borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography component="h3" sx={{ fontWeight: 500, flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
                  <TextLink to={`/assessment-manager/${encodeURIComponent(template.id)}`}>{template.name}</TextLink>
                </Typography>
                {template.kind === 'ipq' && <Chip label={text.builtIn} size="small" color="primary" variant="outlined" />}
                {!template.is_active && <Chip label={text.inactive} size="small" />}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {`${text.questionCount(template.questions)} · ${text.versionLabel(template.current_version)}`}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="template-responses">
                {text.responseCounts(template.responses.pending, template.responses.in_progress, template.responses.complete)}
              </Typography>
              {canManage && template.kind === 'custom' && <ActiveSwitch template={template} onError={setError} />}
            </Paper>
          );
        })}
      </Box>
    </>
  );
}

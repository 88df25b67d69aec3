import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { assessmentTexts as text } from '../assessment-texts.ts';

/** A failure to load, with the way back to the list. */
export function AssessmentLoadError({ error }: { error: unknown }) {
  return (
    <>
      <Alert severity="error" sx={{ mb: 2 }}>
        {errorText(error, text.fetchFailed)}
      </Alert>
      <Button component={RouterLink} to="/assessments">
        {text.backToList}
      </Button>
    </>
  );
}

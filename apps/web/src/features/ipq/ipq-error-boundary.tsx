import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ipqTexts as text } from './ipq-texts.ts';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * Around the questionnaire and its results: a render failure shows what happened and a button that
 * reloads the page. As the spec has it, only a full reload leaves this state.
 */
export class IpqErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Assessment render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Paper variant="outlined" role="alert" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {text.errorHeading}
        </Typography>
        <Typography sx={{ mb: 2 }}>{text.errorText}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {text.reloadPage}
        </Button>
      </Paper>
    );
  }
}

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ipqModuleLabels, ipqModules } from '@meridian/domain/ipq/module-list';
import { ipqTexts as text } from '../ipq-texts.ts';

type Props = {
  /** The module shown, 1-4. */
  current: number;
  /** Whether each module (in order) is saved. */
  completed: readonly boolean[];
  progress: number;
  onOpen: (moduleNumber: number) => void;
};

/**
 * The four modules with the one shown and those done, and the progress (25 % per module saved).
 * A module can be opened once the one before it is saved.
 */
export function IpqStepper({ current, completed, progress, onOpen }: Props) {
  return (
    <Box sx={{ mb: 2 }}>
      {/* Non-linear, MUI renders the steps as tabs: arrow keys move between them. */}
      <Stepper
        nonLinear
        alternativeLabel
        activeStep={current - 1}
        aria-label="Questionnaire modules"
        sx={{ mb: 2, '& .MuiStepLabel-label': { typography: 'caption' } }}
      >
        {ipqModules.map((module, index) => (
          <Step key={module} completed={completed[index]}>
            <StepButton onClick={() => onOpen(index + 1)} disabled={index > 0 && !completed[index - 1]} sx={{ px: 0.5 }}>
              {ipqModuleLabels[module]}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label="Questionnaire progress"
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96, textAlign: 'right' }} data-testid="ipq-progress">
          {text.progress(progress)}
        </Typography>
      </Box>
    </Box>
  );
}

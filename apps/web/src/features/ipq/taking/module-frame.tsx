import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqModuleCount, ipqModuleLabels, ipqModuleNumber, type IpqModule } from '@meridian/domain/ipq/module-list';
import { ButtonSpinner } from '../../../components/button-spinner.tsx';
import { ipqTexts as text } from '../ipq-texts.ts';
import { useModuleForm } from './use-module-form.ts';

type Props = {
  module: IpqModule;
  intro: string;
  /** The module's questions; they reach the form through its context. */
  children: ReactNode;
  onSaved: (session: IpqSession) => void;
  /** To the module before; none on the first. */
  onBack?: () => void;
  /** Reached from another module: the heading takes the focus (and the page scrolls to it). */
  focusHeading?: boolean;
};

/** A module of the questionnaire: its heading, questions, why a save failed, and Back / Save and continue. */
export function ModuleFrame({ module, intro, children, onSaved, onBack, focusHeading = false }: Props) {
  const { form, submit, saving, error } = useModuleForm(module, onSaved);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  const moduleNumber = ipqModuleNumber(module);
  const last = moduleNumber === ipqModuleCount;
  return (
    <FormProvider {...form}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void submit(event)}
        sx={{ p: { xs: 2, sm: 3 } }}
        data-testid={`ipq-module-${moduleNumber}`}
      >
        <Typography variant="h6" component="h2" id={headingId} ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
          {text.moduleHeading(moduleNumber, ipqModuleLabels[module])}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {intro}
        </Typography>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          <Button onClick={onBack} disabled={!onBack || saving} startIcon={<ArrowBackIcon />}>
            {text.back}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} startIcon={saving ? <ButtonSpinner /> : undefined}>
            {saving ? text.saving : last ? text.saveAndFinish : text.saveAndContinue}
          </Button>
        </Box>
      </Paper>
    </FormProvider>
  );
}

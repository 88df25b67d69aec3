import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import type { IpqSession } from '@meridian/domain/ipq/contracts';
import { ipqModules } from '@meridian/domain/ipq/module-list';
import { ipqMessages } from '@meridian/domain/ipq/messages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useStartIpqMutation } from '../ipq-api.ts';
import { ipqSliceKeys, moduleOpened, sessionLoaded } from '../ipq-slice.ts';
import { ipqTexts as text } from '../ipq-texts.ts';
import { prefilledAllocation, prefilledDemographics, savedModulesOf } from '../module-values.ts';
import { CurrentModule } from './current-module.tsx';
import { IpqStepper } from './ipq-stepper.tsx';

/**
 * /ipq-assessment/{clientId}: the questionnaire, taken by the client on their own or with their
 * advisor. Opening it starts the client's questionnaire or resumes the open one (on any device) at
 * the first module not saved; each module is saved as it is finished, and the fourth leads to the results.
 */
export function IpqTaking() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isClient = useAppSelector((state) => state.auth.user?.role_name === 'client');
  // Not the whole slice: a draft is saved at every pause in typing, and none of this changes with it.
  const { sessionId, currentModule, progress } = useAppSelector(
    ({ ipq }) => ({ sessionId: ipq.sessionId, currentModule: ipq.currentModule, progress: ipq.progress }),
    shallowEqual,
  );
  const completed = useAppSelector(({ ipq }) => ipqModules.map((module) => ipq.modules[ipqSliceKeys[module]].isCompleted), shallowEqual);
  const [start] = useStartIpqMutation();
  const [session, setSession] = useState<IpqSession | null>(null);
  // Kept here rather than read from the mutation: StrictMode's replayed mount resets a mutation's state.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // Moved between modules since the page opened: the new module's heading takes the focus.
  const [moved, setMoved] = useState(false);
  const asked = useRef<string | null>(null);

  const begin = useCallback(async () => {
    setFailure(null);
    try {
      const opened = await start({ clientId, source: isClient ? 'client_portal' : 'advisor_portal' }).unwrap();
      dispatch(
        sessionLoaded({
          clientId,
          session: opened,
          saved: savedModulesOf(opened),
          allocationPrefill: prefilledAllocation(opened),
          demographicsPrefill: prefilledDemographics(opened),
        }),
      );
      setSession(opened);
    } catch (error) {
      setFailure({ error });
    }
  }, [start, dispatch, clientId, isClient]);

  useEffect(() => {
    // Once per client, whatever StrictMode replays: a second start would only resume the same session.
    if (asked.current === clientId) return;
    asked.current = clientId;
    void begin();
  }, [begin, clientId]);

  const open = (moduleNumber: number) => {
    setMoved(true);
    dispatch(moduleOpened(moduleNumber));
  };
  const saved = (next: IpqSession) => {
    setSession(next);
    setMoved(true);
    if (next.status === 'complete')
      void navigate(`/clients/${encodeURIComponent(clientId)}/ipq-results?session=${encodeURIComponent(next.session_id)}`);
  };

  const title = (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 500, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
      {text.title}
    </Typography>
  );
  if (failure) {
    return (
      <Box sx={{ maxWidth: 880 }}>
        {title}
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" onClick={() => void begin()}>
              {text.retry}
            </Button>
          }
        >
          {errorText(failure.error, ipqMessages.initFailed)}
        </Alert>
      </Box>
    );
  }
  if (!session || sessionId !== session.session_id) return <PageSpinner />;

  return (
    <Box sx={{ maxWidth: 880 }}>
      {title}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {session.client_name} · <TextLink to={`/clients/${encodeURIComponent(clientId)}/assessment`}>{text.allQuestionnaires}</TextLink>
      </Typography>
      <IpqStepper current={currentModule} completed={completed} progress={progress} onOpen={open} />
      <CurrentModule
        key={`${session.session_id}-${currentModule}`}
        moduleNumber={currentModule}
        onSaved={saved}
        onBack={() => open(currentModule - 1)}
        focusHeading={moved}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {text.draftKept}
      </Typography>
    </Box>
  );
}

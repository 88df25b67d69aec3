import { useAppSelector } from '../../app/hooks.ts';
import {
  useDashboardAumQuery,
  useDashboardBookPerformanceQuery,
  useDashboardClientCountQuery,
  useDashboardCompletedAssessmentsQuery,
  useDashboardPerformanceMetricsQuery,
} from './dashboard-api.ts';
import { dashboardStatus } from './dashboard-status.ts';

/**
 * The dashboard's five analytics calls, made in parallel once someone is signed in, and what the
 * screen can show from their answers. Without a session nothing is asked: the screen asks to sign in.
 */
export function useDashboardAnalytics() {
  const signedIn = useAppSelector((state) => state.auth.isAuthenticated);
  const skip = !signedIn;
  const aum = useDashboardAumQuery(undefined, { skip });
  const clients = useDashboardClientCountQuery(undefined, { skip });
  const assessments = useDashboardCompletedAssessmentsQuery(undefined, { skip });
  const performance = useDashboardBookPerformanceQuery(undefined, { skip });
  const metrics = useDashboardPerformanceMetricsQuery(undefined, { skip });
  const status = signedIn ? dashboardStatus([aum.error, clients.error, assessments.error, performance.error, metrics.error]) : 'signed-out';
  return { signedIn, status, aum, clients, assessments, performance, metrics };
}

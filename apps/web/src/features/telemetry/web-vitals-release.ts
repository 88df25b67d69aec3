import { releaseSchema } from '@meridian/domain/telemetry/web-vitals';

const configured = import.meta.env.VITE_RELEASE;

/**
 * The build that measurements belong to: VITE_RELEASE as the build set it (e.g. the commit's short
 * hash), else the build's mode ('production', 'development'), which the summary can still tell apart.
 */
export const webVitalsRelease: string =
  configured !== undefined && releaseSchema.safeParse(configured).success ? configured : import.meta.env.MODE;

import Skeleton from '@mui/material/Skeleton';
import { Suspense, type ReactNode } from 'react';

/** A chart's place while its chunk loads. */
export function ChartSuspense({ height, children }: { height: number; children: ReactNode }) {
  return <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>;
}

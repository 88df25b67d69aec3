import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { IpqResults } from '@meridian/domain/ipq/contracts';
import { bigFiveTraitLabels, bigFiveTraits } from '@meridian/domain/ipq/instrument';
import { ipqTexts as text } from '../ipq-texts.ts';
import { ResultsSection } from './results-section.tsx';

/** The Big-Five traits on 0-100, and loss aversion as the gain multiple the client needs. */
export function TraitsSummary({ traits, lossAversion }: { traits: IpqResults['traits']; lossAversion: number | null }) {
  return (
    <ResultsSection title={text.traits} testId="ipq-traits">
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 10rem) minmax(0, 1fr)',
          alignItems: 'center',
          columnGap: 1.5,
          rowGap: 1,
        }}
      >
        {bigFiveTraits.map((trait) => {
          const value = Math.round(traits[trait]);
          return (
            <Box key={trait} sx={{ display: 'contents' }} data-testid={`trait-${trait}`}>
              <Typography component="dt" variant="body2">
                {bigFiveTraitLabels[trait]}
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <LinearProgress variant="determinate" value={value} aria-hidden sx={{ flexGrow: 1, height: 6, borderRadius: 3 }} />
                <Typography variant="body2" component="span" sx={{ minWidth: '2rem', textAlign: 'right' }}>
                  {value}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ mt: 2 }} data-testid="loss-aversion">
        <Typography variant="subtitle2" component="p">
          {text.lossAversion}: {lossAversion === null ? text.lossAversionUnread : `${lossAversion}×`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text.lossAversionHint}
        </Typography>
      </Box>
    </ResultsSection>
  );
}

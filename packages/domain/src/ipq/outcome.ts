import type { BigFiveTrait } from './instrument.ts';
import type { IpqAnswers } from './modules.ts';
import { predict, type Prediction } from './prediction.ts';
import { lossAversion, personalityTraitScores } from './scoring.ts';

/** What a completed questionnaire is scored as, kept with it so later changes to the rules never rewrite a result. */
export type IpqOutcome = {
  traits: Record<BigFiveTrait, number>;
  /** λ; null when the 50/50 choices contradict each other. */
  loss_aversion: number | null;
  prediction: Prediction;
};

/** Scores a questionnaire whose personality, beliefs and demographics modules are answered. */
export function scoreIpq(answers: IpqAnswers): IpqOutcome {
  const prediction = predict(answers);
  return { traits: personalityTraitScores(answers.personality!), loss_aversion: lossAversion(answers.beliefs!), prediction };
}

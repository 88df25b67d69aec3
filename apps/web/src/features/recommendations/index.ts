// What other features show of recommendations: the panel of a client's or a portfolio's recommendations.
export { RecommendationsPanel } from './recommendations-panel.tsx';

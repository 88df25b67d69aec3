// What other features use of analytics: the figures of a portfolio, a client or a household.
export { useGetAnalyticsQuery } from './analytics-api.ts';

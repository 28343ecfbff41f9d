export { analyticsScopes, liveConventions, liveVisitors, visitStatistics } from './reports';
export type { LiveVisitors, ScopeOption, StandFunnel, VisitStatistics } from './reports';
export { flushAnalytics, recordPageLeave, recordPageView, setGeoDatabase } from './recording';
export { rollUpDay, rollUpDays, rollUpHours, runAnalyticsJob, startAnalyticsJob } from './rollup';
export { mayReadAnalytics } from './policy';

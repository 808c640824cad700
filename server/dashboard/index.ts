// What other features may use of dashboard; the rest of the folder is its own (docs/architecture.md).
export { type AnswersAsked, dashboardAnswers, marketingAnswer, summaryAnswer } from './answers';
export { type DashboardData, type DashboardDataSource, latestVersions } from './data';
export { archPeriod, futurePeriod } from './detail-periods';
export { filtersAsked } from './filters-asked';
export { worklistAsked } from './worklist-asked';

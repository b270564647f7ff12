// The public face of reports: what other features may use. The notice form is the /report
// screen (app/routes/report.route.tsx).
export { ReportAction } from './components/report-action';
export { noticePath, ReportLink } from './components/report-link';

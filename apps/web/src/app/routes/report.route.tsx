import { NoticePage } from '../../features/reports/components/notice-page';

export default function ReportRoute() {
  return <NoticePage />;
}

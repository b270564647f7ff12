import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The public notice form for a page of this site: /report?url=<the page's path>. */
export const noticePath = (path: string) => `/report?url=${encodeURIComponent(path)}`;

/** A link to the notice form for a page (a profile), which anyone may follow, signed in or not. */
export function ReportLink({ path, label }: { path: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={noticePath(path)} variant="body2" color="text.secondary">
      {label ?? t('reports.reportPage')}
    </Link>
  );
}

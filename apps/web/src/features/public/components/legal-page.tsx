import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useScrollToHash } from '../../../components/use-scroll-to-hash';
import { useNamespace } from '../../../lib/i18n/use-namespace';

interface Section {
  /** An anchor other pages and mails link to (/terms#moderation). */
  id?: string;
  heading: string;
  paragraphs: string[];
}

/**
 * The privacy policy, the terms of service or how ranking works (the main parameters of the
 * directory's and Maya's order, as the EU's platform-to-business rules ask), from the "pages"
 * namespace (loaded with the page). The article carries the id of the footer's anchor
 * (#privacy, #terms, #ranking).
 */
export function LegalPage({ document }: { document: 'privacy' | 'terms' | 'ranking' }) {
  const ready = useNamespace('pages');
  const { t } = useTranslation('pages');
  useScrollToHash(ready);
  if (!ready) return <PageLoader />;
  const sections = t(`${document}.sections`, { returnObjects: true }) as Section[];
  return (
    <Container
      component="article"
      id={document}
      aria-labelledby={`${document}-title`}
      maxWidth="md"
      sx={{ py: { xs: 4, md: 6 } }}
    >
      <Typography id={`${document}-title`} variant="h1" gutterBottom data-first-content="">
        {t(`${document}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`${document}.updated`)}
      </Typography>
      <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>{t(`${document}.intro`)}</Typography>
      {sections.map((section, index) => (
        <section key={section.heading} id={section.id} aria-labelledby={`${document}-${index}`}>
          <Typography id={`${document}-${index}`} variant="h2" sx={{ mt: 4, mb: 1.5 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5, lineHeight: 1.7 }}>
              {paragraph}
            </Typography>
          ))}
        </section>
      ))}
      {document !== 'ranking' && (
        <Link component={RouterLink} to="/ranking" sx={{ display: 'inline-block', mt: 3 }}>
          {t('ranking.title')}
        </Link>
      )}
    </Container>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OfferTerms, SentQuoteRequest } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../services';
import { windowText } from '../utils/deal-text';

/** Label and value pairs, as a description list. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 1.5,
        rowGap: 0.5,
        m: 0,
        '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
        '& dd': { m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** An offer's terms: the title, the total (VAT included) in large, what is included and when. */
export function TermsFacts({ terms }: { terms: OfferTerms }) {
  const { t, i18n } = useTranslation('deals');
  return (
    <>
      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{terms.title}</Typography>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {formatMoney(terms.price.amount, terms.price.currency, i18n.language)}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {t('totalWithVat')}
        </Typography>
      </Typography>
      <Facts
        rows={[
          [t('included'), terms.included],
          [t('when'), windowText(terms.when, i18n.language)],
        ]}
      />
    </>
  );
}

/** A quote request: the service, what is needed, when, where and the budget. */
export function RequestFacts({
  request,
  serviceName,
}: {
  request: SentQuoteRequest;
  serviceName: string | null;
}) {
  const { t, i18n } = useTranslation('deals');
  const rows: [string, string][] = [
    ...(serviceName ? [[t('service'), serviceName] as [string, string]] : []),
    [t('need'), request.need],
    [t('when'), windowText(request.when, i18n.language)],
    [t('where'), request.where],
    [
      t('budget'),
      request.budget
        ? formatMoney(request.budget.amount, request.budget.currency, i18n.language)
        : t('noBudget'),
    ],
  ];
  return <Facts rows={rows} />;
}

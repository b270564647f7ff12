import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Brief } from '@maya/contracts';
import { formatDay, formatTime } from '../../../lib/dates';
import { windowText } from '../../deals';
import { formatMoney } from '../../services';
import { useBriefsTranslation } from '../utils/words';

/** Label and value pairs, as a description list that stacks on a phone. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        m: 0,
        '& dt': { color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } },
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

/** The brief as the buyer confirmed it: the need, when, where, the budget, what must be included. */
export function BriefTerms({ brief }: { brief: Brief }) {
  const { t, i18n } = useBriefsTranslation();
  const rows: [string, string][] = [
    [t('brief.need'), brief.need],
    [t('brief.when'), windowText(brief.when, i18n.language)],
    [t('brief.where'), brief.where],
    [
      t('brief.budget'),
      brief.budget
        ? formatMoney(brief.budget.amount, brief.budget.currency, i18n.language)
        : t('brief.noBudget'),
    ],
    ...(brief.wanted.length > 0
      ? [[t('brief.wanted'), brief.wanted.join(', ')] as [string, string]]
      : []),
    [t('brief.priority'), t(`form.priorities.${brief.priority}`)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Facts rows={rows} />
      <Typography variant="body2" color="text.secondary">
        {t('brief.answerBy', {
          date: `${formatDay(brief.answerBy)}, ${formatTime(brief.answerBy)}`,
        })}
      </Typography>
      {brief.skipped.length > 0 && (
        <Box>
          <Typography component="h3" variant="subtitle2">
            {t('brief.skipped')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {brief.skipped.map((one) => (
              <li key={one.businessId}>
                <Typography variant="body2">
                  {t(`brief.skippedReasons.${one.reason}`, { name: one.name })}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

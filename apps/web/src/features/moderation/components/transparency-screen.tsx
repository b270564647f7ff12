import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { decisionKindSchema } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useTransparency } from '../api/console';

/** A year's counts for the transparency report. */
export function TransparencyScreen() {
  const { t, i18n } = useTranslation('moderation');
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const counts = useTransparency(year);
  const number = (value: number) => value.toLocaleString(i18n.language);
  const rows: [string, string][] = counts.data
    ? [
        [t('transparency.notices'), number(counts.data.notices)],
        [t('transparency.memberReports'), number(counts.data.memberReports)],
        ...decisionKindSchema.options.map((kind): [string, string] => [
          t(`kinds.${kind}`),
          number(counts.data.decisions[kind] ?? 0),
        ]),
        [t('transparency.appealsReceived'), number(counts.data.appeals.received)],
        [t('transparency.appealsReversed'), number(counts.data.appeals.reversed)],
        [
          t('transparency.median'),
          counts.data.medianHoursToDecision === null
            ? t('transparency.none')
            : t('transparency.hours', { hours: number(counts.data.medianHoursToDecision) }),
        ],
      ]
    : [];
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {t('transparency.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('transparency.year')}
        value={year}
        onChange={(event) => setYear(Number(event.target.value))}
        sx={{ maxWidth: 160 }}
      >
        {[0, 1, 2, 3].map((back) => (
          <MenuItem key={back} value={thisYear - back}>
            {thisYear - back}
          </MenuItem>
        ))}
      </TextField>
      {counts.isLoading ? (
        <PageLoader />
      ) : counts.error ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            gap: 1,
            m: 0,
            maxWidth: 560,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt">{label}</Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

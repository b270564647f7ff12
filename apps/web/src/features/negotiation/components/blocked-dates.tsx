import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BLOCKED_DATES_MAX } from '@maya/contracts/negotiation-limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel, today } from '../utils/days';

/**
 * The days the business cannot take: a day picked and blocked joins the list, in order; each
 * is removed from its chip. A day before today is refused.
 */
export function BlockedDates({
  days,
  error,
  onChange,
}: {
  days: string[];
  /** The server's message about the list, if a save was refused for it. */
  error?: string;
  onChange: (days: string[]) => void;
}) {
  const { t, i18n } = useTranslation('negotiation');
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const first = today();
  const message = problem ?? error;

  const block = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setProblem(t('noDay'));
    if (day < first) return setProblem(t('pastDay'));
    if (!days.includes(day) && days.length >= BLOCKED_DATES_MAX) {
      return setProblem(t('tooManyDays', { max: BLOCKED_DATES_MAX }));
    }
    setProblem(null);
    setDay('');
    if (!days.includes(day)) onChange([...days, day].sort());
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ fontSize: '1.1rem', mb: 1, p: 0 }}>
        {t('blockedLegend')}
      </Typography>
      <Typography variant="body2" color="text.secondary" id="maya-blocked-help" sx={{ mb: 2 }}>
        {t('blockedHelp')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id="maya-day"
          type="date"
          label={t('day')}
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Enter blocks the day rather than saving the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              block();
            }
          }}
          error={Boolean(message)}
          helperText={message}
          sx={{ flex: '1 1 200px', maxWidth: { sm: 280 } }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              min: first,
              'aria-describedby': message
                ? 'maya-day-helper-text maya-blocked-help'
                : 'maya-blocked-help',
            },
          }}
        />
        <Button variant="outlined" onClick={block} sx={{ height: 56 }}>
          {t('block')}
        </Button>
      </Box>
      {days.length === 0 ? (
        <FormHelperText sx={{ mx: 0, mt: 1 }}>{t('noBlockedDays')}</FormHelperText>
      ) : (
        <Box
          component="ul"
          aria-label={t('blockedLegend')}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {days.map((blocked) => {
            const label = dayLabel(blocked, i18n.language);
            return (
              <li key={blocked}>
                <Chip
                  label={label}
                  onDelete={() => onChange(days.filter((each) => each !== blocked))}
                  // The chip deletes on Delete or Backspace; the icon names what a click does.
                  deleteIcon={
                    <CancelIcon role="button" aria-label={t('unblock', { day: label })} />
                  }
                />
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

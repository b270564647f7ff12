import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { BriefCandidate } from '@maya/contracts';
import { useId } from 'react';
import { ProBadge } from '../../directory';
import { formatMoney } from '../../services';
import { kilometresText, ratingText } from '../utils/numbers';
import { useBriefsTranslation } from '../utils/words';

/** What a candidate is, in one line: its service and starting price, place, distance, rating. */
function candidateFacts(
  candidate: BriefCandidate,
  t: (key: string, values?: Record<string, unknown>) => string,
  language: string,
) {
  return [
    candidate.serviceName
      ? t('form.service', { service: candidate.serviceName })
      : t('form.noService'),
    candidate.fromPrice
      ? t('form.fromPrice', {
          price: formatMoney(candidate.fromPrice.amount, candidate.fromPrice.currency, language),
        })
      : null,
    candidate.city,
    candidate.distanceKm !== null
      ? t('form.km', {
          distance: kilometresText(candidate.distanceKm, language),
        })
      : null,
    candidate.rating && candidate.rating.count > 0
      ? t('form.rating', {
          average: ratingText(candidate.rating.average, language),
          count: candidate.rating.count,
        })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The businesses Maya proposes, as checkboxes: at most `max` chosen; one the buyer already has an
 * open request with cannot be chosen, and says why; once `max` are chosen the others wait.
 */
export function CandidateList({
  candidates,
  chosen,
  max,
  error,
  onChange,
}: {
  candidates: readonly BriefCandidate[];
  chosen: readonly string[];
  max: number;
  error: string | undefined;
  onChange: (chosen: string[]) => void;
}) {
  const { t, i18n } = useBriefsTranslation();
  const labelId = useId();
  const helpId = useId();
  const full = chosen.length >= max;
  const toggle = (businessId: string, on: boolean) =>
    onChange(
      on
        ? candidates
            .map((one) => one.businessId)
            .filter((id) => id === businessId || chosen.includes(id))
        : chosen.filter((id) => id !== businessId),
    );
  // The first box that can be ticked carries the group's message, for the form to focus it.
  const firstOpen = candidates.find((one) => !one.alreadyAsked)?.businessId;

  return (
    <Box component="fieldset" aria-describedby={helpId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 700, color: 'text.primary' }}>
        {t('form.businesses')}
      </FormLabel>
      <FormHelperText id={helpId} error={Boolean(error)} sx={{ mx: 0 }}>
        {error ??
          (full
            ? t('form.full', { max })
            : t('form.businessesHelp', { count: chosen.length, max }))}
      </FormHelperText>
      {candidates.length === 0 && (
        <Typography color="text.secondary">{t('form.noCandidates')}</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {candidates.map((candidate) => {
          const checked = chosen.includes(candidate.businessId);
          const disabled = candidate.alreadyAsked || (!checked && full);
          const factsId = `${labelId}-${candidate.businessId}`;
          return (
            <li key={candidate.businessId}>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { pt: 0.5 } }}
                control={
                  <Checkbox
                    checked={checked}
                    disabled={disabled}
                    onChange={(event) => toggle(candidate.businessId, event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-describedby': factsId,
                        ...(error &&
                          candidate.businessId === firstOpen && { 'aria-invalid': true }),
                      },
                    }}
                  />
                }
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {candidate.name}
                      </Typography>
                      {candidate.pro && <ProBadge />}
                    </Box>
                    <Typography
                      id={factsId}
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {candidateFacts(candidate, t, i18n.language)}
                      {candidate.alreadyAsked && (
                        <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                          {t('form.alreadyAsked')}
                        </Box>
                      )}
                    </Typography>
                  </Box>
                }
              />
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

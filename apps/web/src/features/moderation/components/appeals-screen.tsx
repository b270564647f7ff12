import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { AdminAppeal } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { PageLoader } from '../../../components/page-loader';
import { formatDay } from '../../../lib/dates';
import { FreshCodeCancelled, useWithFreshCode } from '../../operators';
import { useAppeals, useDecideAppeal } from '../api/console';
import { kindKey } from '../kind-label';

/** Appeals against decisions, each decided by an operator other than the decision's author. */
export function AppealsScreen() {
  const { t } = useTranslation('moderation');
  const [status, setStatus] = useState<'open' | 'decided'>('open');
  const appeals = useAppeals(status);
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {t('appeals.title')}
      </Typography>
      <Typography color="text.secondary">{t('appeals.intro')}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        aria-label={t('appeals.status')}
        onChange={(_event, next: 'open' | 'decided' | null) => next && setStatus(next)}
      >
        <ToggleButton value="open">{t('appeals.open')}</ToggleButton>
        <ToggleButton value="decided">{t('appeals.decided')}</ToggleButton>
      </ToggleButtonGroup>
      {appeals.isLoading ? (
        <PageLoader />
      ) : appeals.error ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !appeals.data?.appeals.length ? (
        <Typography>{t('appeals.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {appeals.data.appeals.map((entry) => (
            <AppealEntry key={entry.appeal.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AppealEntry({ entry }: { entry: AdminAppeal }) {
  const { t } = useTranslation('moderation');
  const { appeal, decision, subject } = entry;
  const decide = useDecideAppeal();
  const withFreshCode = useWithFreshCode();
  const [outcome, setOutcome] = useState<'upheld' | 'reversed'>('upheld');
  const [facts, setFacts] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!facts.trim()) return;
    try {
      await withFreshCode(() =>
        decide.mutateAsync({ id: appeal.id, body: { outcome, facts: facts.trim() } }),
      );
    } catch (error) {
      if (!(error instanceof FreshCodeCancelled)) return;
    }
  };

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
        {subject ? `${subject.name} · ${subject.email}` : '—'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('appeals.against', {
          kind: t(kindKey(decision.kind, decision.review?.part)),
          date: formatDay(decision.createdAt),
        })}{' '}
        · {decision.rule}: {decision.facts}
      </Typography>
      <Typography variant="h3" sx={{ fontSize: '1rem', mt: 1 }}>
        {t('appeals.text')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {appeal.text}
      </Typography>
      {appeal.status === 'open' ? (
        <Stack
          component="form"
          spacing={1.5}
          sx={{ mt: 2 }}
          onSubmit={(event) => void submit(event)}
        >
          <RadioGroup
            row
            aria-label={t('appeals.outcome')}
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as 'upheld' | 'reversed')}
          >
            <FormControlLabel value="upheld" control={<Radio />} label={t('appeals.upheld')} />
            <FormControlLabel value="reversed" control={<Radio />} label={t('appeals.reversed')} />
          </RadioGroup>
          <TextField
            label={t('appeals.facts')}
            value={facts}
            required
            multiline
            minRows={2}
            onChange={(event) => setFacts(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          {decide.error && (
            <Alert severity="error">{errorMessage(decide.error, t('loadFailed'))}</Alert>
          )}
          <div>
            <Button type="submit" variant="contained" disabled={decide.isPending}>
              {t('appeals.submit')}
            </Button>
          </div>
        </Stack>
      ) : (
        <Typography sx={{ mt: 1, fontWeight: 700 }}>
          {t(`appeals.states.${appeal.status}`)}
        </Typography>
      )}
    </Paper>
  );
}

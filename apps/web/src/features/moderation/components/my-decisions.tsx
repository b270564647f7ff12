import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MyDecision } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { Section } from '../../../components/section';
import { formatDay } from '../../../lib/dates';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useAppealDecision, useMyDecisions } from '../api/my-decisions';
import { StatementOfReasons } from './statement-of-reasons';

/**
 * The account's section of decisions about the person: each statement of reasons (what was
 * restricted, the facts, the rule or law, that a person decided) and the way to appeal it.
 */
export function MyDecisions() {
  const ready = useNamespace('moderation');
  const { t } = useTranslation('moderation');
  const decisions = useMyDecisions();
  if (!ready) return null;
  return (
    <Section id="decisions" title={t('mine.title')}>
      {decisions.error ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !decisions.data ? null : decisions.data.decisions.length === 0 ? (
        <Typography>{t('mine.empty')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {decisions.data.decisions.map((decision) => (
            <Statement key={decision.id} decision={decision} />
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Statement({ decision }: { decision: MyDecision }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <StatementOfReasons decision={decision} />
      <AppealPart decision={decision} />
    </Paper>
  );
}

function AppealPart({ decision }: { decision: MyDecision }) {
  const { t } = useTranslation('moderation');
  const appeal = useAppealDecision();
  const [text, setText] = useState('');
  if (decision.appeal)
    return (
      <Typography variant="body2" sx={{ mt: 1 }} role="status">
        {t('mine.appealSent', { date: formatDay(decision.appeal.createdAt) })}{' '}
        {t(`mine.appealStates.${decision.appeal.status}`)}
      </Typography>
    );
  if (new Date(decision.appealableUntil) < new Date())
    return (
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('mine.appealClosed')}
      </Typography>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) appeal.mutate({ id: decision.id, text: text.trim() });
  };
  return (
    <Stack component="form" spacing={1} sx={{ mt: 1.5 }} onSubmit={submit}>
      <Typography variant="body2">
        {t('mine.appealUntil', { date: formatDay(decision.appealableUntil) })}
      </Typography>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('mine.appealText')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      {appeal.error && (
        <Alert severity="error">{errorMessage(appeal.error, t('loadFailed'))}</Alert>
      )}
      <div>
        <Button type="submit" variant="outlined" disabled={appeal.isPending || !text.trim()}>
          {t('mine.appeal')}
        </Button>
      </div>
    </Stack>
  );
}

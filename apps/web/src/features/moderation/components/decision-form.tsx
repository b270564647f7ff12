import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DecisionKind, P2bException, ReviewPart } from '@maya/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { FreshCodeCancelled, useWithFreshCode } from '../../operators';
import { useCreateDecision } from '../api/console';
import { kindKey } from '../kind-label';

const kinds: DecisionKind[] = ['dismiss', 'warn', 'hide', 'suspend', 'terminate', 'restore'];
// A review's report may also take the reported part down, offered right after dismissing it.
const reviewKinds: DecisionKind[] = ['dismiss', 'remove_review', ...kinds.slice(1)];
const exceptions: P2bException[] = ['illegal_content', 'repeated_breaches', 'safety'];

/** A week from now, as a datetime-local field's value (local time, minutes). */
function aWeekOn(): string {
  const date = new Date(Date.now() + 7 * 86_400_000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
  return date.toISOString().slice(0, 16);
}

/**
 * An operator's decision about a member, with the statement of reasons the person will read:
 * hide, suspend, terminate and taking a review down ask for a fresh code first (the console's
 * dialog). From a review's report (`reviewPart`) it can take the reported part down, with the
 * report's ids.
 */
export function DecisionForm({
  subjectUserId,
  reportIds,
  reviewPart,
  onDecided,
}: {
  subjectUserId: string;
  reportIds?: string[];
  /** The part of a review the reports are about. */
  reviewPart?: ReviewPart | null;
  onDecided?: () => void;
}) {
  const { t } = useTranslation('moderation');
  const id = useId();
  const withFreshCode = useWithFreshCode();
  const create = useCreateDecision();
  const [kind, setKind] = useState<DecisionKind>(reportIds?.length ? 'dismiss' : 'warn');
  const [ground, setGround] = useState<'rules' | 'law'>('rules');
  const [rule, setRule] = useState('');
  const [facts, setFacts] = useState('');
  const [until, setUntil] = useState(aWeekOn);
  const [exception, setException] = useState<P2bException | ''>('');
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState<DecisionKind | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rule.trim() || !facts.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const body = {
      subjectUserId,
      kind,
      ground,
      rule: rule.trim(),
      facts: facts.trim(),
      ...(reportIds?.length && { reportIds }),
      ...(kind === 'suspend' && { until: new Date(until).toISOString() }),
      ...(kind === 'terminate' && exception && { exception }),
    };
    try {
      await withFreshCode(() => create.mutateAsync(body));
      setDone(kind);
      onDecided?.();
    } catch (error) {
      if (!(error instanceof FreshCodeCancelled)) return;
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('decision.title')}
      </Typography>
      <TextField
        select
        label={t('decision.kind')}
        value={kind}
        onChange={(event) => setKind(event.target.value as DecisionKind)}
      >
        {(reviewPart && reportIds?.length ? reviewKinds : kinds).map((value) => (
          <MenuItem key={value} value={value}>
            {t(kindKey(value, reviewPart))}
          </MenuItem>
        ))}
      </TextField>
      {kind === 'remove_review' && (
        <Typography variant="body2" color="text.secondary">
          {t('decision.reviewHint')}
        </Typography>
      )}
      <RadioGroup
        row
        aria-label={t('decision.ground')}
        value={ground}
        onChange={(event) => setGround(event.target.value as 'rules' | 'law')}
      >
        <FormControlLabel value="rules" control={<Radio />} label={t('decision.grounds.rules')} />
        <FormControlLabel value="law" control={<Radio />} label={t('decision.grounds.law')} />
      </RadioGroup>
      <TextField
        label={t('decision.rule')}
        helperText={t('decision.ruleHelp')}
        value={rule}
        required
        onChange={(event) => setRule(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <TextField
        label={t('decision.facts')}
        helperText={t('decision.factsHelp')}
        value={facts}
        required
        multiline
        minRows={3}
        onChange={(event) => setFacts(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      {kind === 'suspend' && (
        <TextField
          type="datetime-local"
          label={t('decision.until')}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      {kind === 'terminate' && (
        <TextField
          select
          label={t('decision.exception')}
          value={exception}
          onChange={(event) => setException(event.target.value as P2bException | '')}
        >
          <MenuItem value="">{t('decision.noException')}</MenuItem>
          {exceptions.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`decision.exceptions.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('decision.human')}
      </Typography>
      {missing && <Alert severity="error">{t('decision.missing')}</Alert>}
      {create.error && !(create.error instanceof FreshCodeCancelled) && (
        <Alert severity="error">{errorMessage(create.error, t('loadFailed'))}</Alert>
      )}
      {done && (
        <Alert severity="success" role="status">
          {t('decision.done', { kind: t(kindKey(done, reviewPart)) })}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('decision.submit')}
        </Button>
      </div>
    </Stack>
  );
}

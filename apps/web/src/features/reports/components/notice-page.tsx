import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NoticeReceipt } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';
import { PageLoader } from '../../../components/page-loader';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { ApiError } from '../../../lib/api-client';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useHydrated } from '../../../lib/use-hydrated';
import { useCreateNotice } from '../api/create-notice';
import { REASONS } from '../reasons';

const FIELDS = ['location', 'explanation', 'notifierName', 'notifierEmail', 'goodFaith'] as const;
type Field = (typeof FIELDS)[number];

interface Draft {
  reason: string;
  legalGround: string;
  explanation: string;
  notifierName: string;
  notifierEmail: string;
  goodFaith: boolean;
}

const EMPTY: Draft = {
  reason: '',
  legalGround: '',
  explanation: '',
  notifierName: '',
  notifierEmail: '',
  goodFaith: false,
};

/** A path of this site asked for in `?url=`, written out whole as the address people see. */
function onThisSite(asked: string | null): string {
  if (!asked) return '';
  try {
    return new URL(asked, window.location.origin).href;
  } catch {
    return asked;
  }
}

/** The four fields a notice needs, checked before it is sent; the server checks them again. */
function missingFields(draft: Draft & { location: string }): Field[] {
  return FIELDS.filter((field) =>
    field === 'goodFaith'
      ? !draft.goodFaith
      : field === 'notifierEmail'
        ? !/^\S+@\S+\.\S+$/.test(draft.notifierEmail.trim())
        : !draft[field].trim(),
  );
}

/**
 * The public notice form at /report (DSA Art. 16): anyone, signed in or not, names the content
 * (its address on this site, prefilled from `?url=`), why it is illegal, who they are, and that
 * they send it in good faith. After sending, the receipt screen shows the notice's reference.
 */
export function NoticePage() {
  const ready = useNamespace('reports');
  const { t, i18n } = useTranslation('reports');
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const notice = useCreateNotice();
  const formRef = useErrorsInView(errors, notice.error);

  // The page is drawn without its query (prerendered): the address asked for shows once the
  // page is live, until the person types their own.
  const hydrated = useHydrated();
  const [typedLocation, setTypedLocation] = useState<string>();
  const location = typedLocation ?? (hydrated ? onThisSite(params.get('url')) : '');

  if (!ready) return <PageLoader />;
  if (notice.isSuccess)
    return <NoticeReceiptView receipt={notice.data} email={draft.notifierEmail} />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errorOf = (field: Field) =>
    errors[field] &&
    (field === 'location' && errors[field] === 'notOurs'
      ? t('notice.errors.notOurs')
      : t(`notice.errors.${field}`));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingFields({ ...draft, location });
    setErrors(Object.fromEntries(missing.map((field) => [field, 'missing'])));
    if (missing.length) return;
    notice.mutate(
      {
        location: location.trim(),
        explanation: draft.explanation,
        notifierName: draft.notifierName,
        notifierEmail: draft.notifierEmail.trim(),
        goodFaith: true,
        ...(draft.reason && { reason: draft.reason as (typeof REASONS)[number] }),
        ...(draft.legalGround.trim() && { legalGround: draft.legalGround }),
        language: i18n.language === 'pt' ? 'pt' : 'en',
      },
      {
        onError: (error) => {
          const fields = problemErrors(error);
          setErrors(
            Object.fromEntries(
              Object.keys(fields).map((field) => [
                field,
                field === 'location' ? 'notOurs' : 'invalid',
              ]),
            ),
          );
        },
      },
    );
  };

  // A refusal with no field named (a 429, the network): said above the form.
  const failure =
    notice.error && !Object.keys(problemErrors(notice.error)).length
      ? notice.error instanceof ApiError
        ? notice.error.message
        : t('notice.failed')
      : undefined;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}
        gutterBottom
        data-first-content=""
      >
        {t('notice.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('notice.intro')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notice.members')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack component="form" ref={formRef} noValidate spacing={2.5} onSubmit={submit}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            label={t('notice.location')}
            name="location"
            type="url"
            inputMode="url"
            value={location}
            onChange={(event) => setTypedLocation(event.target.value)}
            error={Boolean(errors.location)}
            helperText={errorOf('location') || t('notice.locationHelp')}
            required
          />
          <TextField
            select
            label={t('notice.reason')}
            name="reason"
            value={draft.reason}
            onChange={(event) => set('reason', event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('notice.noReason')}</option>
            {REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`reasons.${reason}`)}
              </option>
            ))}
          </TextField>
          <TextField
            label={t('notice.legalGround')}
            name="legalGround"
            value={draft.legalGround}
            onChange={(event) => set('legalGround', event.target.value)}
            helperText={t('notice.legalGroundHelp')}
          />
          <TextField
            label={t('notice.explanation')}
            name="explanation"
            multiline
            minRows={5}
            value={draft.explanation}
            onChange={(event) => set('explanation', event.target.value)}
            error={Boolean(errors.explanation)}
            helperText={errorOf('explanation') || t('notice.explanationHelp')}
            required
          />
          <TextField
            label={t('notice.name')}
            name="notifierName"
            autoComplete="name"
            value={draft.notifierName}
            onChange={(event) => set('notifierName', event.target.value)}
            error={Boolean(errors.notifierName)}
            helperText={errorOf('notifierName')}
            required
          />
          <TextField
            label={t('notice.email')}
            name="notifierEmail"
            type="email"
            autoComplete="email"
            value={draft.notifierEmail}
            onChange={(event) => set('notifierEmail', event.target.value)}
            error={Boolean(errors.notifierEmail)}
            helperText={errorOf('notifierEmail') || t('notice.emailHelp')}
            required
          />
          <FormControl error={Boolean(errors.goodFaith)} required>
            <FormControlLabel
              control={
                <Checkbox
                  name="goodFaith"
                  checked={draft.goodFaith}
                  onChange={(event) => set('goodFaith', event.target.checked)}
                  slotProps={{
                    input: {
                      'aria-describedby': errors.goodFaith ? 'good-faith-error' : undefined,
                    },
                  }}
                />
              }
              label={t('notice.goodFaith')}
            />
            {errors.goodFaith && (
              <FormHelperText id="good-faith-error">{errorOf('goodFaith')}</FormHelperText>
            )}
          </FormControl>
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={notice.isPending}>
              {notice.isPending ? t('notice.sending') : t('notice.send')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Container>
  );
}

function NoticeReceiptView({ receipt, email }: { receipt: NoticeReceipt; email: string }) {
  const { t } = useTranslation('reports');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }} gutterBottom>
        {t('notice.receiptTitle')}
      </Typography>
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {t('notice.receiptText', { email })}
      </Alert>
      <Typography>{t('notice.reference')}</Typography>
      <Typography
        component="p"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere', mb: 2 }}
        data-testid="notice-reference"
      >
        {receipt.id}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {t('notice.receiptLocation', { location: receipt.location })}
      </Typography>
      <Link component={RouterLink} to="/">
        {t('notice.home')}
      </Link>
    </Container>
  );
}

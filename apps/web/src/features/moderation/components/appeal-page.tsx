import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Appeal, MyDecision } from '@maya/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { problemErrors, type FieldErrors } from '../../../components/field-errors';
import { PageLoader } from '../../../components/page-loader';
import { useErrorsInView } from '../../../components/use-errors-in-view';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { useAppealByLink, useOpenAppealLink } from '../api/appeal-link';
import { StatementOfReasons } from './statement-of-reasons';

/**
 * The server's own sentence for a request it refused (4xx), in the asker's language; a network
 * failure or a server fault is said in this page's words instead.
 */
const said = (error: unknown) =>
  (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) ||
  undefined;

/**
 * Where a statement of reasons' mailed link lands (/appeal?token=…): the statement and a form to
 * appeal it, with no sign-in, so a suspended or terminated account appeals as any other. The
 * token is read once and taken out of the address bar, so a copied or shared address carries
 * none; it stays in memory for this page's two requests, which send it in their bodies.
 */
export function AppealPage() {
  const ready = useNamespace('moderation');
  const { t } = useTranslation('moderation');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => params.get('token') ?? '');
  const open = useOpenAppealLink();
  const { mutate: openLink } = open;
  const inAddressBar = params.has('token');

  useEffect(() => {
    if (inAddressBar) void navigate({ search: '' }, { replace: true });
  }, [inAddressBar, navigate]);
  useEffect(() => {
    if (token) openLink(token);
  }, [token, openLink]);

  if (!ready) return <PageLoader />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography
        variant="h1"
        sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}
        gutterBottom
        data-first-content=""
      >
        {t('link.title')}
      </Typography>
      {!token ? (
        <Stack spacing={2}>
          <Alert severity="info">{t('link.missing')}</Alert>
          <Typography>
            <Link component={RouterLink} to="/account#decisions">
              {t('link.account')}
            </Link>
          </Typography>
        </Stack>
      ) : open.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {said(open.error) ?? t('link.openFailed')}
          </Alert>
          {!(open.error instanceof ApiError && open.error.status === 404) && (
            <Button variant="outlined" onClick={() => openLink(token)}>
              {t('link.retry')}
            </Button>
          )}
        </Stack>
      ) : !open.data ? (
        <PageLoader />
      ) : (
        <Statement decision={open.data} token={token} />
      )}
    </Container>
  );
}

function Statement({ decision, token }: { decision: MyDecision; token: string }) {
  const { t } = useTranslation('moderation');
  // An appeal sent here is shown as the statement's own, as the server would list it now.
  const [sent, setSent] = useState<Appeal>();
  const appeal = sent ?? decision.appeal;
  return (
    <Stack spacing={3}>
      <Typography>{t('link.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <StatementOfReasons decision={decision} headingLevel={2} />
      </Paper>
      <Box>
        {/* Present before anything is sent, so the confirmation is announced when it comes. */}
        <Box aria-live="polite">
          {sent && (
            <Alert severity="success">{t('link.sent', { date: formatDay(sent.createdAt) })}</Alert>
          )}
        </Box>
        {appeal ? (
          !sent && (
            <Typography>
              {t('mine.appealSent', { date: formatDay(appeal.createdAt) })}{' '}
              {t(`mine.appealStates.${appeal.status}`)}
            </Typography>
          )
        ) : new Date(decision.appealableUntil) < new Date() ? (
          <Typography>{t('mine.appealClosed')}</Typography>
        ) : (
          <AppealForm decision={decision} token={token} onSent={setSent} />
        )}
      </Box>
      {sent && (
        <Link component={RouterLink} to="/">
          {t('link.home')}
        </Link>
      )}
    </Stack>
  );
}

/** The appeal's text, kept whatever the answer: a refusal says why beside it. */
function AppealForm({
  decision,
  token,
  onSent,
}: {
  decision: MyDecision;
  token: string;
  onSent: (appeal: Appeal) => void;
}) {
  const { t } = useTranslation('moderation');
  const appeal = useAppealByLink();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useErrorsInView<HTMLFormElement>(errors, appeal.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      appeal.reset();
      setErrors({ text: t('link.textMissing') });
      return;
    }
    setErrors({});
    appeal.mutate(
      { token, text: text.trim() },
      {
        onSuccess: onSent,
        onError: (error) => {
          if (problemErrors(error).text) setErrors({ text: t('link.textInvalid') });
        },
      },
    );
  };

  // A refusal that names no field (already appealed, too late, too many, the network): above.
  const failure =
    appeal.error && !errors.text ? (said(appeal.error) ?? t('link.sendFailed')) : undefined;
  return (
    <Stack
      component="form"
      ref={formRef}
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-labelledby="appeal-form-title"
    >
      <Typography id="appeal-form-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('link.formTitle')}
      </Typography>
      <Typography>
        {t('mine.appealUntil', { date: formatDay(decision.appealableUntil) })}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label={t('mine.appealText')}
        name="text"
        multiline
        minRows={5}
        required
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (errors.text) setErrors({});
        }}
        error={Boolean(errors.text)}
        helperText={errors.text ?? t('link.textHelp')}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={appeal.isPending}>
          {appeal.isPending ? t('link.sending') : t('mine.appeal')}
        </Button>
      </Box>
    </Stack>
  );
}

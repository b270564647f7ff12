import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { useOperatorCode, useOperatorSignIn, useOperatorSignOut } from '../api/operator-session';
import { CodeField, codeBody, emptyCode, type CodeDraft } from './code-field';

/** The password step, then (`stage` code) the authenticator's code or a recovery code. */
export function ConsoleSignIn({ stage }: { stage: 'password' | 'code' }) {
  const { t } = useTranslation('operators');
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {stage === 'password' ? <PasswordStep /> : <CodeStep />}
      </Paper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('signIn.intro')}
      </Typography>
    </Container>
  );
}

function PasswordStep() {
  const { t } = useTranslation('operators');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useOperatorSignIn();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('signIn.title')}
      </Typography>
      {signIn.error && (
        <Alert severity="error">{errorMessage(signIn.error, t('signIn.failed'))}</Alert>
      )}
      <TextField
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <TextField
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <Button type="submit" variant="contained" disabled={signIn.isPending}>
        {t('signIn.next')}
      </Button>
    </Stack>
  );
}

function CodeStep() {
  const { t } = useTranslation('operators');
  const [draft, setDraft] = useState<CodeDraft>(emptyCode);
  const code = useOperatorCode();
  const startOver = useOperatorSignOut();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    code.mutate(codeBody(draft));
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('signIn.codeTitle')}
      </Typography>
      <Typography color="text.secondary">{t('signIn.codeIntro')}</Typography>
      {code.error && <Alert severity="error">{errorMessage(code.error, t('signIn.failed'))}</Alert>}
      <CodeField draft={draft} onChange={setDraft} autoFocus />
      <Button type="submit" variant="contained" disabled={code.isPending}>
        {t('signIn.submit')}
      </Button>
      <Button onClick={() => startOver.mutate()}>{t('signIn.startOver')}</Button>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  operatorLanguageSchema,
  operatorRoleSchema,
  type Operator,
  type OperatorEnrolment,
  type OperatorLanguage,
  type OperatorRole,
} from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { PageLoader } from '../../../components/page-loader';
import {
  createOperator,
  updateOperator,
  useOperators,
  useOperatorsChanged,
} from '../api/operators';
import { FreshCodeCancelled, useWithFreshCode } from './fresh-code';

const ROLES = operatorRoleSchema.options;
const LANGUAGES = operatorLanguageSchema.options;

/** Admins only: every operator, with role changes and disabling, and a form for a new one. */
export function OperatorsScreen({ operator: me }: { operator: Operator }) {
  const { t } = useTranslation('operators');
  const operators = useOperators();
  const changed = useOperatorsChanged();
  const withFreshCode = useWithFreshCode();
  const [failure, setFailure] = useState<string>();
  const [disabling, setDisabling] = useState<Operator>();

  const act = async (action: () => Promise<unknown>) => {
    setFailure(undefined);
    try {
      await withFreshCode(action);
      changed();
    } catch (error) {
      if (!(error instanceof FreshCodeCancelled))
        setFailure(errorMessage(error, t('operators.failed')));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {t('operators.title')}
      </Typography>
      <Typography color="text.secondary">{t('operators.intro')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {operators.isLoading ? (
        <PageLoader />
      ) : operators.error ? (
        <Alert severity="error">{t('operators.failed')}</Alert>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {operators.data?.map((operator) => (
            <Paper component="li" variant="outlined" key={operator.id} sx={{ p: 1.5 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>
                    {operator.email}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      operator.name,
                      operator.disabledAt ? t('operators.disabled') : t('operators.active'),
                      operator.id === me.id ? t('operators.you') : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                <TextField
                  select
                  size="small"
                  label={t('operators.role')}
                  value={operator.role}
                  disabled={Boolean(operator.disabledAt) || operator.id === me.id}
                  onChange={(event) =>
                    void act(() =>
                      updateOperator(operator.id, { role: event.target.value as OperatorRole }),
                    )
                  }
                  slotProps={{
                    select: { native: true },
                    inputLabel: { shrink: true },
                    htmlInput: {
                      'aria-label': t('operators.changeRole', { email: operator.email }),
                    },
                  }}
                  sx={{ minWidth: 160 }}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </TextField>
                {!operator.disabledAt && operator.id !== me.id && (
                  <Button
                    color="error"
                    variant="outlined"
                    aria-label={t('operators.disable', { email: operator.email })}
                    onClick={() => setDisabling(operator)}
                  >
                    {t('operators.disableShort')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <CreateOperator onCreated={changed} />
      <Dialog open={Boolean(disabling)} onClose={() => setDisabling(undefined)}>
        <DialogContent>
          <DialogContentText>
            {disabling && t('operators.confirmDisable', { email: disabling.email })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDisabling(undefined)}>{t('fresh.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const target = disabling!;
              setDisabling(undefined);
              void act(() => updateOperator(target.id, { disabled: true }));
            }}
          >
            {disabling && t('operators.disable', { email: disabling.email })}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function CreateOperator({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('operators');
  const withFreshCode = useWithFreshCode();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<OperatorRole>('moderator');
  const [language, setLanguage] = useState<OperatorLanguage>('en');
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [enrolment, setEnrolment] = useState<OperatorEnrolment>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setPending(true);
    try {
      const created = await withFreshCode(() =>
        createOperator({ email: email.trim(), name, role, language }),
      );
      setEnrolment(created);
      setEmail('');
      setName('');
      onCreated();
    } catch (error) {
      if (!(error instanceof FreshCodeCancelled))
        setFailure(errorMessage(error, t('operators.failed')));
    } finally {
      setPending(false);
    }
  };

  if (enrolment) return <Enrolment enrolment={enrolment} onDone={() => setEnrolment(undefined)} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('operators.createTitle')}
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('operators.email')}
          name="email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label={t('operators.name')}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            fullWidth
            label={t('operators.role')}
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            label={t('operators.language')}
            name="language"
            value={language}
            onChange={(event) => setLanguage(event.target.value as OperatorLanguage)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {LANGUAGES.map((option) => (
              <option key={option} value={option}>
                {t(`operators.languages.${option}`)}
              </option>
            ))}
          </TextField>
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('operators.create')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** What the new operator needs, shown this once. */
function Enrolment({ enrolment, onDone }: { enrolment: OperatorEnrolment; onDone: () => void }) {
  const { t } = useTranslation('operators');
  const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Alert severity="success" role="status">
          {t('operators.created', { email: enrolment.operator.email })}
        </Alert>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('operators.password')}
        </Typography>
        <Typography sx={mono}>{enrolment.password}</Typography>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('operators.secret')}
        </Typography>
        <Typography sx={mono}>{enrolment.totpSecret}</Typography>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('operators.uri')}
        </Typography>
        <Typography sx={mono}>{enrolment.otpauthUri}</Typography>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('operators.codes')}
        </Typography>
        <Box component="ul" sx={{ ...mono, m: 0, pl: 3 }}>
          {enrolment.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Box>
          <Button variant="contained" onClick={onDone}>
            {t('operators.done')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '@maya/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatDay } from '../../../lib/dates';
import { useUserSearch } from '../api/console';
import { kindKey } from '../kind-label';
import { AccountState } from './account-state';
import { DecisionForm } from './decision-form';

/** Members found by email or name, each with their account's status and history. */
export function UsersScreen() {
  const { t } = useTranslation('moderation');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const found = useUserSearch(q);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
        {t('users.title')}
      </Typography>
      <Stack component="form" role="search" direction="row" spacing={1} onSubmit={search}>
        <TextField
          size="small"
          type="search"
          label={t('users.search')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          sx={{ flex: 1, maxWidth: 480 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button type="submit" variant="contained">
          {t('users.searchButton')}
        </Button>
      </Stack>
      {q &&
        (found.isLoading ? (
          <PageLoader />
        ) : found.error ? (
          <Alert severity="error">{t('loadFailed')}</Alert>
        ) : !found.data?.users.length ? (
          <Typography>{t('users.empty')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {found.data.users.map((user) => (
              <UserEntry key={user.id} user={user} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

function UserEntry({ user }: { user: AdminUser }) {
  const { t } = useTranslation('moderation');
  const [deciding, setDeciding] = useState(false);
  const { reports, decisions, appeals } = user.history;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
          {user.name} · {user.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`users.role.${user.role}`)}
        </Typography>
        <AccountState status={user.status} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('users.reports', { count: reports.length })}
      </Typography>
      <Typography variant="h3" sx={{ fontSize: '1rem', mt: 1 }}>
        {t('users.decisions')}
      </Typography>
      {decisions.length ? (
        <Stack component="ul" sx={{ m: 0, pl: 2 }}>
          {decisions.map((decision) => (
            <li key={decision.id}>
              <Typography variant="body2">
                {formatDay(decision.createdAt)} · {t(kindKey(decision.kind, decision.review?.part))}{' '}
                · {decision.rule}: {decision.facts}
              </Typography>
            </li>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2">{t('users.none')}</Typography>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem', mt: 1 }}>
        {t('users.appeals')}
      </Typography>
      {appeals.length ? (
        <Stack component="ul" sx={{ m: 0, pl: 2 }}>
          {appeals.map((appeal) => (
            <li key={appeal.id}>
              <Typography variant="body2">
                {formatDay(appeal.createdAt)} · {t(`appeals.states.${appeal.status}`)}
              </Typography>
            </li>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2">{t('users.none')}</Typography>
      )}
      <Button sx={{ mt: 1 }} onClick={() => setDeciding((open) => !open)} aria-expanded={deciding}>
        {t('users.decide')}
      </Button>
      {deciding && <DecisionForm subjectUserId={user.id} />}
    </Paper>
  );
}

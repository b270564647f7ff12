import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNamespace } from '../../../lib/i18n/use-namespace';
import { formatDay } from '../../../lib/dates';
import { useBlockChange, useBlocks } from '../api/blocks';

/** The account's list of the people it blocked, each with Unblock (in a section of /account). */
export function BlockedPeople() {
  const ready = useNamespace('blocks');
  const { t } = useTranslation('blocks');
  const blocks = useBlocks();
  const change = useBlockChange();
  const items = blocks.data?.items ?? [];
  if (!ready) return null;
  return (
    <>
      {blocks.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{t('none')}</Typography>
      )}
      {blocks.isError && <Typography color="error">{t('listFailed')}</Typography>}
      <List disablePadding>
        {items.map(({ user, createdAt }) => {
          const name = user.deleted ? t('translation:chats.deletedUser') : user.fullName;
          return (
            <ListItem key={user.id} disableGutters sx={{ gap: 1 }}>
              <ListItemAvatar>
                <Avatar src={user.thumbnailUrl ?? undefined} alt="">
                  {name.slice(0, 1)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={name} secondary={t('since', { date: formatDay(createdAt) })} />
              <Button
                size="small"
                sx={{ flexShrink: 0 }}
                disabled={change.isPending}
                onClick={() => change.mutate({ userId: user.id, blocked: false })}
                aria-label={t('unblockName', { name })}
              >
                {t('unblock')}
              </Button>
            </ListItem>
          );
        })}
      </List>
    </>
  );
}

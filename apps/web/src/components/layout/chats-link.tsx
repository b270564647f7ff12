import ChatIcon from '@mui/icons-material/Chat';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * "Chats" with the live unread total, in the top bar. Loaded only for a signed-in person, so
 * visitors never download it.
 */
export function ChatsLink({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const label =
    unread > 0 ? `${t('nav.chats')}, ${t('chats.unread', { count: unread })}` : t('nav.chats');
  return (
    <IconButton component={RouterLink} to="/inbox" aria-label={label} color="primary">
      <Badge
        badgeContent={unread}
        color="error"
        max={99}
        aria-hidden="true"
        slotProps={{ badge: { 'aria-hidden': true } }}
      >
        <ChatIcon />
      </Badge>
    </IconButton>
  );
}

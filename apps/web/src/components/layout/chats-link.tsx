import ChatIcon from '@mui/icons-material/Chat';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * "Chats" with the live unread total, in the top bar (an icon) and the mobile menu (a line).
 * Loaded only for a signed-in person, so visitors never download it.
 */
export function ChatsLink({
  unread,
  variant,
  onClick,
}: {
  unread: number;
  variant: 'icon' | 'menu';
  onClick?: () => void;
}) {
  const { t } = useTranslation();
  const label =
    unread > 0 ? `${t('nav.chats')}, ${t('chats.unread', { count: unread })}` : t('nav.chats');
  const badge = (
    <Badge
      badgeContent={unread}
      color="error"
      max={99}
      aria-hidden="true"
      slotProps={{ badge: { 'aria-hidden': true } }}
    >
      <ChatIcon />
    </Badge>
  );
  return variant === 'icon' ? (
    <IconButton component={RouterLink} to="/inbox" aria-label={label} color="primary">
      {badge}
    </IconButton>
  ) : (
    <Button
      component={RouterLink}
      to="/inbox"
      onClick={onClick}
      color="inherit"
      aria-label={label}
      startIcon={badge}
      sx={{ justifyContent: 'flex-start' }}
    >
      {t('nav.chats')}
    </Button>
  );
}

import DeleteIcon from '@mui/icons-material/Delete';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ChatSummary } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../lib/dates';
import { useDeleteChat } from '../api/delete-chat';
import { useChats } from '../api/get-chats';

export function ChatList({
  selectedId,
  onSelect,
  onDeleted,
}: {
  selectedId?: string;
  onSelect: (chat: ChatSummary) => void;
  onDeleted: (chatId: string) => void;
}) {
  const { t } = useTranslation();
  const chats = useChats();
  const remove = useDeleteChat();

  if (chats.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} role="status">
        <CircularProgress aria-label={t('errors.loading')} />
      </Box>
    );
  }
  const items = chats.data?.items ?? [];
  if (items.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('chats.empty')}
      </Typography>
    );
  }
  return (
    <List aria-label={t('chats.history')} sx={{ py: 0 }}>
      {items.map((chat) => {
        const name = chat.partner.deleted ? t('chats.deletedUser') : chat.partner.fullName;
        return (
          <ListItem
            key={chat.id}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('chats.delete', { name })}
                onClick={() => {
                  remove(chat.id);
                  onDeleted(chat.id);
                }}
              >
                <DeleteIcon />
              </IconButton>
            }
          >
            <ListItemButton
              selected={chat.id === selectedId}
              onClick={() => onSelect(chat)}
              aria-current={chat.id === selectedId ? 'true' : undefined}
            >
              <ListItemAvatar>
                <Badge
                  color="secondary"
                  badgeContent={chat.unreadCount}
                  aria-label={
                    chat.unreadCount ? t('chats.unread', { count: chat.unreadCount }) : undefined
                  }
                >
                  <Avatar src={chat.partner.thumbnailUrl ?? undefined} alt="">
                    {name.slice(0, 1)}
                  </Avatar>
                </Badge>
              </ListItemAvatar>
              <ListItemText
                primary={name}
                secondary={
                  <>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }} noWrap>
                      {chat.lastMessage?.deal
                        ? t('chats.dealUpdate')
                        : (chat.lastMessage?.body ?? '')}
                    </Typography>
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatWhen(chat.updatedAt)}
                    </Typography>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: chat.unreadCount ? 700 : 500 } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

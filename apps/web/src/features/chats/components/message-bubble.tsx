import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatStamp } from '../../../lib/dates';
import type { ShownMessage } from '../api/send-message';

/** One message: the sender's avatar, the text, and when it was sent, or that it is on its way. */
export function MessageBubble({
  message,
  mine,
  sender,
  seen,
}: {
  message: ShownMessage;
  mine: boolean;
  sender: { name: string; image: string | null };
  seen: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1,
        flexDirection: mine ? 'row-reverse' : 'row',
        alignItems: 'flex-end',
        listStyle: 'none',
      }}
    >
      <Avatar src={sender.image ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {sender.name.slice(0, 1)}
      </Avatar>
      <Box sx={{ maxWidth: '80%' }}>
        <Box
          sx={{
            bgcolor: mine ? 'primary.main' : 'grey.100',
            color: mine ? '#fff' : 'text.primary',
            px: 1.5,
            py: 1,
            borderRadius: 2,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {message.body}
        </Box>
        <Typography
          variant="caption"
          color={message.status === 'failed' ? 'error' : 'text.secondary'}
          sx={{ display: 'block', textAlign: mine ? 'right' : 'left' }}
        >
          {message.status === 'sending'
            ? t('chats.sending')
            : message.status === 'failed'
              ? t('chats.failed')
              : formatStamp(message.createdAt)}
          {mine && seen && message.status === 'sent' ? ` · ${t('chats.seen')}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}

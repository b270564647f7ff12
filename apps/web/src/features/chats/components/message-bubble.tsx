import MoreVertIcon from '@mui/icons-material/MoreVert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { formatStamp } from '../../../lib/dates';
import { AssistantMark } from '../../deals';
import type { ShownMessage } from '../api/send-message';

const MessageReportMenu = lazy(() => import('./message-report-menu'));

/**
 * One message: the sender's avatar, the text, and when it was sent, or that it is on its way;
 * "AI" beside the time when Maya wrote it for a business.
 */
export function MessageBubble({
  message,
  mine,
  sender,
  seen,
  reportAs,
}: {
  message: ShownMessage;
  mine: boolean;
  sender: { name: string; image: string | null };
  seen: boolean;
  /** The partner's name, when this message of theirs may be reported (its menu). */
  reportAs?: string | undefined;
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
          {message.byAssistant && <AssistantMark />}
        </Typography>
      </Box>
      {reportAs && message.status === 'sent' && (
        <MessageMenu messageId={message.id} name={reportAs} />
      )}
    </Box>
  );
}

/** A partner's message's actions button; its menu loads when it is first opened. */
function MessageMenu({ messageId, name }: { messageId: string; name: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('reports.messageActions')}
        aria-haspopup="menu"
        onClick={(event) => {
          setAsked(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ alignSelf: 'center', color: 'text.secondary' }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {asked && (
        <Suspense fallback={null}>
          <MessageReportMenu
            anchor={anchor}
            onClose={() => setAnchor(null)}
            messageId={messageId}
            name={name}
          />
        </Suspense>
      )}
    </>
  );
}

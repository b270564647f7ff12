import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import SendIcon from '@mui/icons-material/Send';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChatSummary, Message, PrivateUser } from '@maya/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatDay, formatTime } from '../../../lib/dates';
import {
  markRead,
  mergeMessage,
  sendWithRetry,
  useMessages,
  type ShownMessage,
} from '../api/chats';
import { sendTyping } from '../hooks/use-realtime';
import { useSpeech } from '../hooks/use-speech';

function MessageBubble({
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
            ? t('inbox.sending')
            : message.status === 'failed'
              ? t('inbox.failed')
              : formatTime(message.createdAt)}
          {mine && seen && message.status === 'sent' ? ` · ${t('inbox.seen')}` : ''}
        </Typography>
      </Box>
    </Box>
  );
}

export function Conversation({
  chat,
  user,
  typing,
  onBack,
}: {
  chat: ChatSummary;
  user: PrivateUser;
  typing: boolean;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useMessages(chat.id);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<ShownMessage[]>([]);
  const listEnd = useRef<HTMLDivElement>(null);
  const partnerName = chat.partner.deleted ? t('inbox.deletedUser') : chat.partner.fullName;

  const stored = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse(),
    [messages.data],
  );
  const shown: ShownMessage[] = [
    ...stored.map((message) => ({ ...message, status: 'sent' as const })),
    ...pending.filter((item) => !stored.some((message) => message.clientId === item.clientId)),
  ];
  const newest = stored.at(-1);

  // Reading the newest message from the partner tells them, once.
  useEffect(() => {
    if (newest && newest.senderId !== user.id && document.visibilityState === 'visible') {
      markRead(chat.id, newest.id)
        .then(() => queryClient.invalidateQueries({ queryKey: ['chats', 'list'] }))
        .catch(() => undefined);
    }
  }, [chat.id, newest, user.id, queryClient]);

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [shown.length, typing]);

  const deliver = (message: ShownMessage) => {
    setPending((current) => [
      ...current.filter((item) => item.clientId !== message.clientId),
      { ...message, status: 'sending' },
    ]);
    sendWithRetry(chat.id, message.body, message.clientId)
      .then((saved: Message) => {
        queryClient.setQueryData(
          ['chats', 'messages', chat.id],
          (data: Parameters<typeof mergeMessage>[0]) => mergeMessage(data, saved),
        );
        setPending((current) => current.filter((item) => item.clientId !== message.clientId));
        void queryClient.invalidateQueries({ queryKey: ['chats', 'list'] });
      })
      .catch((error: unknown) => {
        setPending((current) =>
          current.map((item) =>
            item.clientId === message.clientId ? { ...item, status: 'failed' } : item,
          ),
        );
        toast.error(error instanceof Error ? error.message : t('errors.network'));
      });
  };

  const send = (text = draft) => {
    const body = text.trim();
    if (!body) {
      toast.warning(t('inbox.enterMessage'));
      return;
    }
    setDraft('');
    deliver({
      id: crypto.randomUUID(),
      chatId: chat.id,
      senderId: user.id,
      body,
      clientId: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
      status: 'sending',
    });
  };

  const speech = useSpeech(
    (transcript) => transcript && send(transcript),
    i18n.language === 'pt' ? 'pt-PT' : 'en-US',
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const sending = pending.some((item) => item.status === 'sending');
  const me = { name: user.fullName, image: user.thumbnailUrl };
  const partner = { name: partnerName, image: chat.partner.thumbnailUrl };
  const seenUpTo = chat.partnerLastReadMessageId;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconButton onClick={onBack} aria-label={t('inbox.back')} sx={{ display: { md: 'none' } }}>
          <ArrowBackIcon />
        </IconButton>
        <Avatar src={chat.partner.thumbnailUrl ?? undefined} alt="">
          {partnerName.slice(0, 1)}
        </Avatar>
        <Box>
          <Typography component="h2" sx={{ fontWeight: 700 }}>
            {partnerName}
          </Typography>
          <Typography variant="caption" color="text.secondary" aria-live="polite">
            {typing ? t('inbox.typing', { name: partnerName }) : formatDay(chat.createdAt)}
          </Typography>
        </Box>
      </Box>

      <Box
        sx={{ flex: 1, overflowY: 'auto', p: 2 }}
        aria-label={t('inbox.messages', { name: partnerName })}
        role="log"
      >
        {messages.hasNextPage && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button
              size="small"
              onClick={() => void messages.fetchNextPage()}
              disabled={messages.isFetchingNextPage}
            >
              {t('inbox.loadOlder')}
            </Button>
          </Box>
        )}
        {shown.length === 0 && !messages.isPending && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {user.role === 'buyer'
              ? t('inbox.sellerName', { name: partnerName })
              : t('inbox.startConversation', { name: partnerName })}
          </Typography>
        )}
        <Box component="ol" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, m: 0, p: 0 }}>
          {shown.map((message) => {
            const mine = message.senderId === user.id;
            return (
              <MessageBubble
                key={message.clientId}
                message={message}
                mine={mine}
                sender={mine ? me : partner}
                seen={Boolean(seenUpTo && message.id <= seenUpTo)}
              />
            );
          })}
        </Box>
        {pending.some((item) => item.status === 'failed') && (
          <Box sx={{ textAlign: 'right' }}>
            <Button
              size="small"
              onClick={() => pending.filter((item) => item.status === 'failed').forEach(deliver)}
            >
              {t('inbox.retry')}
            </Button>
          </Box>
        )}
        <div ref={listEnd} />
      </Box>

      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        sx={{
          display: 'flex',
          gap: 1,
          p: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          alignItems: 'flex-end',
        }}
      >
        <TextField
          multiline
          fullWidth
          minRows={1}
          maxRows={4}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            sendTyping(chat.id);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('inbox.placeholder', { name: partnerName })}
          slotProps={{
            htmlInput: {
              'aria-label': t('inbox.messageLabel'),
              maxLength: 2000,
              style: { minHeight: 40, maxHeight: 100 },
            },
          }}
          sx={{ '& textarea': { lineHeight: 1.4 } }}
        />
        {speech.supported ? (
          <IconButton
            onClick={speech.toggle}
            aria-label={speech.listening ? t('inbox.micStop') : t('inbox.micStart')}
            aria-pressed={speech.listening}
            color={speech.listening ? 'secondary' : 'default'}
          >
            {speech.listening ? <MicOffIcon /> : <MicIcon />}
          </IconButton>
        ) : null}
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={sending}>
          {t('inbox.send')}
        </Button>
      </Box>
      {!speech.supported && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          {t('inbox.noSpeech')}
        </Typography>
      )}
    </Box>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type {
  ChatSummary,
  CounterProposal as Proposal,
  Message,
  PrivateUser,
} from '@maya/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates';
import { BlockAction, BlockLine } from '../../blocks';
import {
  CounterProposal,
  DealAnnouncements,
  DealMessage,
  dealCardStates,
  StartDealButton,
  useDealsLive,
} from '../../deals';
import { ReportAction } from '../../reports';
import { cacheMessage, useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage, withPending } from '../api/send-message';
import { useStickToBottom } from '../../../components/use-stick-to-bottom';
import { useChatFocus } from '../hooks/use-chat-focus';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

/** One open chat: its partner, the messages (older ones on demand) and the composer. */
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
  const { t } = useTranslation();
  const messages = useMessages(chat.id);
  // A price the buyer typed against the standing offer, proposed as a counter to review. The
  // conversation is drawn anew for another chat (its key), so the card never follows to one.
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const outbox = useSendMessage(chat.id, user.id, setProposal);
  const composerInput = useRef<HTMLTextAreaElement>(null);
  const endProposal = useCallback(() => {
    setProposal(null);
    // Back to the message field once the card or its form has gone (the form gives focus back
    // to the card's button, which is gone with it).
    setTimeout(() => composerInput.current?.focus(), 0);
  }, []);
  const { mutate: markRead } = useMarkRead();
  const partnerName = chat.partner.deleted ? t('chats.deletedUser') : chat.partner.fullName;
  useChatFocus(chat.id);
  useDealsLive();
  const queryClient = useQueryClient();
  // A move's message joins the conversation at once, as the socket would bring it.
  const onDealMessage = useCallback(
    (message: Message) => cacheMessage(queryClient, chat.id, message),
    [queryClient, chat.id],
  );
  // Nothing crosses a block, and a deleted partner takes no move: the deal's buttons are hidden.
  const closed = Boolean(chat.blockedAt) || chat.partner.deleted;

  const stored = useMemo(
    () => (messages.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse(),
    [messages.data],
  );
  const shown = withPending(stored, outbox.pending);
  const newest = stored.at(-1);
  const dealCards = useMemo(() => dealCardStates(stored), [stored]);

  // Reading the newest message from the partner tells them, once: at once in a visible tab,
  // or when the person comes back to a tab that was in the background.
  useEffect(() => {
    if (!newest || newest.senderId === user.id) return;
    const read = () => {
      if (document.visibilityState === 'visible') {
        markRead({ chatId: chat.id, messageId: newest.id });
        document.removeEventListener('visibilitychange', read);
      }
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [chat.id, newest, user.id, markRead]);

  // The newest message in view: on opening, on a new message either way, and when the partner
  // starts typing. Older ones loaded on demand above leave the view where it is.
  const [logRef, onLogScroll] = useStickToBottom<HTMLDivElement>(
    `${shown.at(-1)?.clientId} ${typing}`,
  );

  const me = { name: user.fullName, image: user.thumbnailUrl };
  const partner = { name: partnerName, image: chat.partner.thumbnailUrl };
  const names =
    user.role === 'buyer'
      ? { buyer: user.fullName, business: partnerName }
      : { buyer: partnerName, business: user.fullName };
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
        <IconButton onClick={onBack} aria-label={t('chats.back')} sx={{ display: { md: 'none' } }}>
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
            {typing ? t('chats.typing', { name: partnerName }) : formatDay(chat.createdAt)}
          </Typography>
        </Box>
        {!chat.partner.deleted && !chat.blockedAt && (
          <BlockAction userId={chat.partner.id} name={partnerName}>
            {(open) => (
              <IconButton
                onClick={open}
                aria-label={t('blocks.block', { name: partnerName })}
                sx={{ ml: 'auto' }}
              >
                <BlockIcon />
              </IconButton>
            )}
          </BlockAction>
        )}
        {!chat.partner.deleted && (
          <ReportAction
            subject={{ kind: 'user', userId: chat.partner.id, chatId: chat.id }}
            name={partnerName}
          >
            {(open) => (
              <IconButton
                onClick={open}
                aria-label={t('reports.reportPerson', { name: partnerName })}
                sx={chat.blockedAt ? { ml: 'auto' } : undefined}
              >
                <OutlinedFlagIcon />
              </IconButton>
            )}
          </ReportAction>
        )}
      </Box>

      <Box
        ref={logRef}
        onScroll={onLogScroll}
        // It scrolls by itself: the keyboard reaches it too.
        tabIndex={0}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2 }}
        aria-label={t('chats.messages', { name: partnerName })}
        role="log"
      >
        {messages.hasNextPage && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button
              size="small"
              onClick={() => void messages.fetchNextPage()}
              disabled={messages.isFetchingNextPage}
            >
              {t('chats.loadOlder')}
            </Button>
          </Box>
        )}
        {shown.length === 0 && !messages.isPending && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {user.role === 'buyer'
              ? t('chats.sellerName', { name: partnerName })
              : t('chats.startConversation', { name: partnerName })}
          </Typography>
        )}
        <Box component="ol" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, m: 0, p: 0 }}>
          {shown.map((message) => {
            const mine = message.senderId === user.id;
            const { deal } = message;
            if (deal) {
              const card = dealCards.get(message.id);
              return (
                <DealMessage
                  key={message.clientId}
                  message={{ ...message, deal }}
                  mine={mine}
                  viewer={user}
                  names={names}
                  current={card?.current ?? false}
                  superseded={card?.superseded ?? false}
                  closed={closed}
                  onMessage={onDealMessage}
                />
              );
            }
            return (
              <MessageBubble
                key={message.clientId}
                message={message}
                mine={mine}
                sender={mine ? me : partner}
                seen={Boolean(seenUpTo && message.id <= seenUpTo)}
                reportAs={mine || chat.partner.deleted ? undefined : partnerName}
              />
            );
          })}
        </Box>
        {outbox.failed && (
          <Box sx={{ textAlign: 'right' }}>
            <Button size="small" onClick={outbox.retryFailed}>
              {t('chats.retry')}
            </Button>
          </Box>
        )}
      </Box>

      <DealAnnouncements messages={stored} userId={user.id} partnerName={partnerName} />
      {!closed && (
        <Box sx={{ px: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          <StartDealButton
            viewer={user}
            partner={{ id: chat.partner.id, name: partnerName }}
            onSent={onDealMessage}
          />
        </Box>
      )}
      {chat.blockedAt ? (
        <BlockLine userId={chat.partner.id} name={partnerName} blockedAt={chat.blockedAt} />
      ) : (
        <MessageComposer
          chatId={chat.id}
          partnerName={partnerName}
          sending={outbox.sending}
          onSend={outbox.send}
          inputRef={composerInput}
        />
      )}
      {/* Always there, so the card is read out politely as it arrives. */}
      <Box aria-live="polite">
        {proposal && !closed && (
          <CounterProposal
            key={`${proposal.dealId} ${proposal.version} ${proposal.price.amount}`}
            proposal={proposal}
            viewer={user}
            onMessage={onDealMessage}
            onDone={endProposal}
          />
        )}
      </Box>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { PrivateUser } from '@maya/contracts';
import type { UIMessage } from 'ai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStickToBottom } from '../../../components/use-stick-to-bottom';
import { SellerCards, sellersOf } from './seller-cards';

/**
 * Maya's side of the conversation: streamed text, and seller cards from the tool results. Her
 * words come before the cards, so "nobody fits, here are alternatives" is read before them.
 */
function AssistantParts({ message, compact }: { message: UIMessage; compact: boolean }) {
  const { t } = useTranslation();
  const ordered = [...message.parts.entries()].sort(
    ([before, a], [after, b]) =>
      Number(a.type !== 'text') - Number(b.type !== 'text') || before - after,
  );
  return (
    <>
      {ordered.map(([index, part]) => {
        if (part.type === 'text') {
          return (
            <Typography key={index} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {part.text}
            </Typography>
          );
        }
        if (
          (part.type === 'tool-searchSellers' || part.type === 'tool-getSeller') &&
          part.state === 'output-available'
        ) {
          return <SellerCards key={index} sellers={sellersOf(part.output)} compact={compact} />;
        }
        if (
          (part.type === 'tool-searchSellers' || part.type === 'tool-getSeller') &&
          part.state === 'output-error'
        ) {
          return (
            <Alert key={index} severity="warning">
              {t('assistant.sellersFailed')}
            </Alert>
          );
        }
        return null;
      })}
    </>
  );
}

/** Whether Maya's message shows seller cards (a search's or a profile's result). */
function hasSellers(message: UIMessage): boolean {
  return message.parts.some(
    (part) =>
      (part.type === 'tool-searchSellers' || part.type === 'tool-getSeller') &&
      part.state === 'output-available' &&
      sellersOf(part.output).length > 0,
  );
}

const textOf = (message: UIMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

/**
 * The words of the person's last message when Maya's last answer to it shows seller cards and
 * nothing is arriving: what "Ask these businesses for quotes" reads.
 */
export function questionBeforeCards(messages: UIMessage[], busy: boolean): string | null {
  const last = messages.at(-1);
  if (busy || last?.role !== 'assistant' || !hasSellers(last)) return null;
  const question = messages.findLast((message) => message.role === 'user');
  const text = question ? textOf(question).trim() : '';
  return text === '' ? null : text;
}

export function MessageList({
  messages,
  busy,
  empty,
  user,
  compact = false,
  afterCards,
}: {
  messages: UIMessage[];
  busy: boolean;
  empty: ReactNode;
  /** The person asking, whose initial (or photo) marks their messages; a visitor gets a figure. */
  user: Pick<PrivateUser, 'firstName' | 'thumbnailUrl'> | null;
  compact?: boolean;
  /** Drawn under Maya's last answer when it shows seller cards, with the question it answers. */
  afterCards?: (question: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const question = afterCards ? questionBeforeCards(messages, busy) : null;
  // A new message (theirs or Maya's) brings the view to it; the answer stays in view as it
  // streams in, unless the reader scrolled up to an earlier one.
  const [logRef, onLogScroll] = useStickToBottom<HTMLDivElement>(messages.length);

  return (
    <Box
      ref={logRef}
      onScroll={onLogScroll}
      // It scrolls by itself: the keyboard reaches it too.
      tabIndex={0}
      role="log"
      aria-label={t('assistant.conversation')}
      aria-live="polite"
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      {messages.length === 0 && !busy && empty}
      {messages.map((message) => {
        const mine = message.role === 'user';
        return (
          <Box
            key={message.id}
            sx={{
              display: 'flex',
              gap: 1,
              flexDirection: mine ? 'row-reverse' : 'row',
              alignItems: 'flex-start',
            }}
          >
            <Avatar
              src={mine ? (user?.thumbnailUrl ?? undefined) : '/maya.svg'}
              alt=""
              sx={{ width: 32, height: 32, bgcolor: mine ? 'primary.main' : 'transparent' }}
            >
              {mine && user ? user.firstName.slice(0, 1) : null}
            </Avatar>
            <Box
              sx={{
                maxWidth: '85%',
                bgcolor: mine ? 'primary.main' : 'grey.100',
                color: mine ? '#fff' : 'text.primary',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                display: 'grid',
                gap: 1,
              }}
            >
              {mine ? (
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {textOf(message)}
                </Typography>
              ) : (
                <AssistantParts message={message} compact={compact} />
              )}
            </Box>
          </Box>
        );
      })}
      {question !== null && afterCards && (
        <Box sx={{ pl: 5, display: 'flex' }}>{afterCards(question)}</Box>
      )}
      {busy && (
        <Box
          role="status"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}
        >
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2">{t('assistant.thinking')}</Typography>
        </Box>
      )}
    </Box>
  );
}

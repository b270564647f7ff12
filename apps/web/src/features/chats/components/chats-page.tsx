import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useChat } from '../api/get-chat';
import { useRealtime } from '../hooks/use-realtime';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';

export function ChatsPage({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const { chatId } = useParams();
  const navigate = useNavigate();
  const { typingIn, online } = useRealtime();
  const chat = useChat(chatId);

  const empty = user.role === 'buyer' ? t('chats.selectSeller') : t('chats.selectChat');

  return (
    // As tall as the rest of the window (app/root-layout.tsx): the pane's header and message box
    // stay on screen, and the messages scroll between them.
    <Box
      sx={{
        p: { xs: 1, md: 3 },
        flex: 1,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography
        variant="h1"
        sx={{ fontSize: '2rem', mb: 2, display: { xs: chatId ? 'none' : 'block', md: 'block' } }}
      >
        {t('chats.title')}
      </Typography>
      {!online && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('chats.offline')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateRows: 'minmax(0, 1fr)',
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          overflow: 'hidden',
        }}
      >
        <Box
          component="section"
          aria-label={t('chats.history')}
          sx={{
            borderRight: { md: 1 },
            borderColor: 'divider',
            overflowY: 'auto',
            display: { xs: chatId ? 'none' : 'block', md: 'block' },
          }}
        >
          <ChatList
            selectedId={chatId}
            onSelect={(selected) => void navigate(`/inbox/${selected.id}`)}
            // A deleted chat that is open closes with it.
            onDeleted={(deletedId) => {
              if (deletedId === chatId) void navigate('/inbox');
            }}
          />
        </Box>
        <Box
          sx={{
            display: { xs: chatId ? 'flex' : 'none', md: 'flex' },
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          {!chatId ? (
            <Typography color="text.secondary" sx={{ m: 'auto', p: 3, textAlign: 'center' }}>
              {empty}
            </Typography>
          ) : chat.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {chat.error instanceof ApiError ? chat.error.message : t('errors.network')}
            </Alert>
          ) : chat.data ? (
            <Conversation
              key={chat.data.chat.id}
              chat={chat.data.chat}
              user={user}
              typing={typingIn(chat.data.chat.id)}
              onBack={() => void navigate('/inbox')}
            />
          ) : null}
        </Box>
      </Paper>
    </Box>
  );
}

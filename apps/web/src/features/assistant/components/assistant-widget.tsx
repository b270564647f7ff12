import CloseIcon from '@mui/icons-material/Close';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { useMaya } from '../hooks/use-maya';
import { Composer } from './composer';
import { LiveLight } from './live-light';
import { MessageList } from './message-list';

/** The greeting appears a character every 10 ms, as if typed. */
function useTypedGreeting(text: string): string {
  const [still] = useState(
    () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  );
  const [length, setLength] = useState(0);
  useEffect(() => {
    if (still) return;
    const timer = setInterval(
      () => setLength((value) => (value >= text.length ? value : value + 1)),
      10,
    );
    return () => clearInterval(timer);
  }, [text, still]);
  return still ? text : text.slice(0, length);
}

/** The floating "Maya Assistant" on the landing page, open to visitors. */
export function AssistantWidget({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const maya = useMaya(user?.id);
  const greeting = useTypedGreeting(t('assistant.greeting'));
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector('input')?.focus();
  }, []);

  return (
    <Paper
      ref={panel}
      role="dialog"
      aria-labelledby="maya-widget-title"
      elevation={8}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 24 },
        bottom: { xs: 8, sm: 24 },
        width: 350,
        maxWidth: 'calc(100vw - 16px)',
        height: 500,
        '@media (max-width: 768px)': { height: '80vh' },
        zIndex: (theme) => theme.zIndex.modal,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: 3,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          bgcolor: 'primary.main',
          color: '#fff',
        }}
      >
        <Avatar src="/maya.svg" alt="" sx={{ width: 28, height: 28 }} />
        <Typography id="maya-widget-title" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('assistant.widgetTitle')}
        </Typography>
        <LiveLight color="#fff" />
        <IconButton onClick={onClose} aria-label={t('assistant.close')} sx={{ color: '#fff' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <MessageList
        compact
        messages={maya.messages}
        busy={maya.busy}
        user={user}
        empty={
          <Typography sx={{ bgcolor: 'grey.100', p: 1.5, borderRadius: 2 }}>{greeting}</Typography>
        }
      />
      <Composer
        busy={maya.busy}
        onSend={maya.send}
        onFocus={maya.prepare}
        placeholder={t('assistant.widgetPlaceholder')}
      />
      {maya.engine}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { AskForQuotesButton, BriefsLink, GetQuotesButton } from '../../briefs';
import { useMaya } from '../hooks/use-maya';
import { Composer } from './composer';
import { LiveLight } from './live-light';
import { MessageList } from './message-list';

/** A small button's height (MUI's `size="small"`: 0.8125rem × 1.75 plus 4 px above and below). */
const ENTRY_ROW_HEIGHT = 31;

export function AssistantPage({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const maya = useMaya(user.id);
  const suggestions = t('assistant.suggestions', { returnObjects: true }) as string[];
  return (
    // As tall as the rest of the window (app/root-layout.tsx): the message box stays on screen,
    // and the conversation scrolls above it.
    <Box
      sx={{
        p: { xs: 1.5, md: 3 },
        flex: 1,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        maxWidth: 1000,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h1" sx={{ fontSize: '2rem', letterSpacing: 1 }}>
          {t('assistant.title')}
        </Typography>
        <Typography color="text.secondary">
          {t('assistant.poweredBy', { brand: t('brand') })}
        </Typography>
        {/* A client's way to have Maya gather quotes, and to the briefs sent so far. Their words
            load after the screen: on a phone, a client's row is a line of its own with their
            height from the first paint, so nothing around it moves when they come. */}
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            ml: { sm: 'auto' },
            ...(user.role === 'buyer' && {
              flexBasis: { xs: '100%', sm: 'auto' },
              minHeight: { xs: ENTRY_ROW_HEIGHT, sm: 0 },
            }),
          }}
        >
          <GetQuotesButton user={user} />
          <BriefsLink user={user} />
        </Box>
      </Box>
      <Paper
        variant="outlined"
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {t('assistant.askAnything')}
          </Typography>
          <LiveLight />
          {maya.messages.length > 0 && (
            <Button size="small" onClick={maya.reset} disabled={maya.busy}>
              {t('assistant.newChat')}
            </Button>
          )}
        </Box>
        <MessageList
          messages={maya.messages}
          busy={maya.busy}
          user={user}
          afterCards={(question) => <AskForQuotesButton user={user} text={question} />}
          empty={
            <Box sx={{ m: 'auto', textAlign: 'center' }}>
              <img src="/maya.svg" alt="" width={96} height={96} />
              <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('assistant.ready')}</Typography>
              <Stack
                direction="row"
                sx={{ mt: 2, flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}
              >
                {suggestions.map((suggestion) => (
                  <Chip
                    key={suggestion}
                    label={suggestion}
                    onClick={() => maya.send(suggestion)}
                    onMouseEnter={maya.prepare}
                    onFocus={maya.prepare}
                    variant="outlined"
                  />
                ))}
              </Stack>
            </Box>
          }
        />
        <Composer
          busy={maya.busy}
          onSend={maya.send}
          onFocus={maya.prepare}
          placeholder={t('assistant.placeholder')}
        />
      </Paper>
      {maya.engine}
    </Box>
  );
}

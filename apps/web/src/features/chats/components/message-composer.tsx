import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGE_MAX_LENGTH } from '@maya/contracts/limits';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { sendTyping } from '../hooks/use-realtime';
import { useSpeechSupported } from '../hooks/use-speech';
import { GrowingTextarea } from './growing-textarea';
import { SpeechInput } from './speech-input';

/** The message being written: Enter sends, Shift+Enter starts a new line, or speak it. */
export function MessageComposer({
  chatId,
  partnerName,
  sending,
  onSend,
}: {
  chatId: string;
  partnerName: string;
  sending: boolean;
  onSend: (body: string) => void;
}) {
  const { t } = useTranslation();
  const speechSupported = useSpeechSupported();
  const [draft, setDraft] = useState('');

  const send = (text = draft) => {
    const body = text.trim();
    if (!body) {
      toast.warning(t('chats.enterMessage'));
      return;
    }
    setDraft('');
    onSend(body);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return (
    <>
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
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            sendTyping(chatId);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('chats.placeholder', { name: partnerName })}
          slotProps={{
            input: { inputComponent: GrowingTextarea },
            htmlInput: {
              'aria-label': t('chats.messageLabel'),
              maxLength: MESSAGE_MAX_LENGTH,
              // Two lines at least, so a placeholder that wraps on a phone is read whole.
              style: { minHeight: '2.8em', maxHeight: 100 },
            },
          }}
          sx={{ '& textarea': { lineHeight: 1.4 } }}
        />
        <SpeechInput onTranscript={send} />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={sending}>
          {t('chats.send')}
        </Button>
      </Box>
      {!speechSupported && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          {t('chats.noSpeech')}
        </Typography>
      )}
    </>
  );
}

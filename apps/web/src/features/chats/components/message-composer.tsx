import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { sendTyping } from '../hooks/use-realtime';
import { useSpeechSupported } from '../hooks/use-speech';
import { draftLength } from './draft-length';
import { GrowingTextarea } from './growing-textarea';
import { SpeechInput } from './speech-input';

/**
 * The message being written: Enter sends, Shift+Enter starts a new line, or speak it. Near the
 * limit a count shows; past it, nothing is cut: the draft stays whole, says it is too long, and
 * Send waits until it is shortened.
 */
export function MessageComposer({
  chatId,
  partnerName,
  sending,
  onSend,
  inputRef,
}: {
  chatId: string;
  partnerName: string;
  sending: boolean;
  onSend: (body: string) => void;
  /** The message field, for the conversation to give focus back to. */
  inputRef?: Ref<HTMLTextAreaElement> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const speechSupported = useSpeechSupported();
  const [draft, setDraft] = useState('');
  const counterId = useId();
  const length = draftLength(draft);
  const tooLong = length.over > 0;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const counted = { length: number(length.count), max: number(length.max) };

  const send = (text = draft) => {
    const body = text.trim();
    if (!body) {
      toast.warning(t('chats.enterMessage'));
      return;
    }
    if (draftLength(body).over > 0) return;
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
          error={tooLong}
          inputRef={inputRef}
          slotProps={{
            input: { inputComponent: GrowingTextarea },
            htmlInput: {
              'aria-label': t('chats.messageLabel'),
              'aria-describedby': length.shown ? counterId : undefined,
              'aria-invalid': tooLong || undefined,
              // Two lines at least, so a placeholder that wraps on a phone is read whole.
              style: { minHeight: '2.8em', maxHeight: 100 },
            },
          }}
          sx={{ '& textarea': { lineHeight: 1.4 } }}
        />
        <SpeechInput onTranscript={send} />
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          disabled={sending || tooLong}
        >
          {t('chats.send')}
        </Button>
      </Box>
      {length.shown && (
        <Typography
          id={counterId}
          role="status"
          variant="caption"
          color={tooLong ? 'error' : 'text.secondary'}
          sx={{ px: 2, pb: 1, textAlign: 'right', fontWeight: tooLong ? 700 : undefined }}
        >
          {tooLong
            ? t('chats.tooLong', { ...counted, over: number(length.over) })
            : t('chats.characters', counted)}
        </Typography>
      )}
      {!speechSupported && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1 }}>
          {t('chats.noSpeech')}
        </Typography>
      )}
    </>
  );
}

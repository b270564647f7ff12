import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function Composer({
  busy,
  onSend,
  onFocus,
  placeholder,
}: {
  busy: boolean;
  onSend: (text: string) => boolean;
  /** The person is about to write: the time to load what sends it. */
  onFocus?: () => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const submit = () => {
    if (onSend(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        fullWidth
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        placeholder={placeholder}
        disabled={busy}
        slotProps={{ htmlInput: { 'aria-label': t('assistant.messageLabel'), maxLength: 2000 } }}
      />
      <Button type="submit" variant="contained" disabled={busy || !text.trim()}>
        {t('assistant.send')}
      </Button>
    </Box>
  );
}

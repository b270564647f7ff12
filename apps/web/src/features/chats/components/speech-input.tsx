import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useSpeech } from '../hooks/use-speech';

/**
 * The microphone: while it listens, each sentence spoken is handed to `onTranscript`. Nothing is
 * drawn in a browser without speech recognition.
 */
export function SpeechInput({ onTranscript }: { onTranscript: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const speech = useSpeech(
    (transcript) => transcript && onTranscript(transcript),
    i18n.language === 'pt' ? 'pt-PT' : 'en-US',
  );
  if (!speech.supported) return null;
  return (
    <IconButton
      onClick={speech.toggle}
      aria-label={speech.listening ? t('chats.micStop') : t('chats.micStart')}
      aria-pressed={speech.listening}
      color={speech.listening ? 'secondary' : 'default'}
    >
      {speech.listening ? <MicOffIcon /> : <MicIcon />}
    </IconButton>
  );
}

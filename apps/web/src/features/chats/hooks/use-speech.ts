import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

interface RecognitionResult {
  isFinal: boolean;
  0: { transcript: string };
}
interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult:
    ((event: { resultIndex: number; results: ArrayLike<RecognitionResult> }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

const subscribe = () => () => undefined;

/**
 * Whether this browser can turn speech into text. A page the server renders assumes it can (most
 * browsers do), and so does the render that hydrates it, so the two agree; one that cannot
 * learns it right after.
 */
export const useSpeechSupported = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => recognitionClass() !== undefined,
    () => true,
  );

/** Continuous speech recognition; each final transcript is handed to `onFinal`. */
export function useSpeech(onFinal: (text: string) => void, lang: string) {
  const supported = useSpeechSupported();
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const latest = useRef(onFinal);
  useEffect(() => {
    latest.current = onFinal;
  });

  const start = () => {
    const Class = recognitionClass();
    if (!Class) return;
    const instance = new Class();
    instance.continuous = true;
    instance.interimResults = false;
    instance.lang = lang;
    instance.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index += 1) {
        const result = event.results[index];
        if (result?.isFinal) latest.current(result[0].transcript.trim());
      }
    };
    instance.onend = () => setListening(false);
    instance.start();
    recognition.current = instance;
    setListening(true);
  };
  const stop = () => {
    recognition.current?.stop();
    setListening(false);
  };
  useEffect(() => () => recognition.current?.stop(), []);
  return { supported, listening, toggle: () => (listening ? stop() : start()) };
}

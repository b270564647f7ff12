import Button from '@mui/material/Button';
import type { PrivateUser } from '@maya/contracts';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from '../../../lib/lazy';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { loadNamespace } from '../../../lib/i18n';

// The briefs' words (utils/words.ts), named here too: the assistant's screen draws these buttons,
// and a module it shared with the briefs' screens would be a chunk of its own.
const WORDS = 'deals';
const useBriefsTranslation = () => useTranslation(WORDS, { keyPrefix: 'briefs' });

// The assistant shows the entry to a brief: its words load once the screen
// is live, and the form's code when the buyer opens it (or points at its button), so neither is
// part of a screen's first paint.
const loadDialog = () =>
  Promise.all([import('./brief-dialog'), loadNamespace(WORDS)]).then(([module]) => module);
const BriefDialog = lazy(() => loadDialog().then((module) => ({ default: module.BriefDialog })));
const prefetch = () => void loadDialog().catch(() => undefined);

/**
 * True once the briefs' words are here. False on the first render everywhere, so a screen the
 * server drew hydrates the same HTML, and the entry appears after.
 */
function useBriefsWords(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadNamespace(WORDS).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

const isClient = (user: Pick<PrivateUser, 'role'>) => user.role === 'buyer';

/** A button that opens the brief's form; only a client sees it. */
function BriefLauncher({
  user,
  text,
  label,
  variant,
}: {
  user: Pick<PrivateUser, 'role'>;
  /** The buyer's words to read at once; empty opens the form at "Describe what you need". */
  text: string;
  label: 'getQuotes' | 'askThese';
  variant: 'outlined' | 'contained';
}) {
  const ready = useBriefsWords();
  const { t } = useBriefsTranslation();
  const [open, setOpen] = useState(false);
  if (!ready || !isClient(user)) return null;
  return (
    <>
      <Button
        size="small"
        variant={variant}
        onClick={() => setOpen(true)}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t(`entry.${label}`)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BriefDialog initialText={text} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** "Get quotes for me": the form, from an empty description. */
export function GetQuotesButton({ user }: { user: Pick<PrivateUser, 'role'> }) {
  return <BriefLauncher user={user} text="" label="getQuotes" variant="outlined" />;
}

/** "Ask these businesses for quotes", under Maya's answer: the form, read from `text`. */
export function AskForQuotesButton({
  user,
  text,
}: {
  user: Pick<PrivateUser, 'role'>;
  text: string;
}) {
  return <BriefLauncher user={user} text={text} label="askThese" variant="contained" />;
}

/** "Quotes Maya gathered": a client's link to /briefs. */
export function BriefsLink({ user }: { user: Pick<PrivateUser, 'role'> }) {
  const ready = useBriefsWords();
  const { t } = useBriefsTranslation();
  if (!ready || !isClient(user)) return null;
  return (
    <Button component={RouterLink} to="/briefs" size="small">
      {t('entry.myBriefs')}
    </Button>
  );
}

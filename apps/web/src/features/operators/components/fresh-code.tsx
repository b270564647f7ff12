import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  createContext,
  useCallback,
  useContext,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { endOperatorSessionOn, useOperatorCode } from '../api/operator-session';
import { CodeField, codeBody, emptyCode, type CodeDraft } from './code-field';

/** The operator closed the dialog instead of confirming: the action was not sent again. */
export class FreshCodeCancelled extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'FreshCodeCancelled';
  }
}

type WithFreshCode = <T>(action: () => Promise<T>) => Promise<T>;

const FreshCodeContext = createContext<WithFreshCode | null>(null);

/**
 * Runs a destructive console action; if the server answers FRESH_CODE_REQUIRED (the code was
 * proven more than five minutes ago), asks for a new code in a dialog, then sends the action
 * again. Rejects with FreshCodeCancelled if the operator cancels.
 *
 *   const withFreshCode = useWithFreshCode();
 *   await withFreshCode(() => updateOperator(id, { disabled: true }));
 */
export function useWithFreshCode(): WithFreshCode {
  const value = useContext(FreshCodeContext);
  if (!value) throw new Error('useWithFreshCode needs the console shell (FreshCodeProvider)');
  return value;
}

export function FreshCodeProvider({ children }: { children: ReactNode }) {
  const waiting = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);
  const [open, setOpen] = useState(false);
  const client = useQueryClient();

  const withFreshCode = useCallback<WithFreshCode>(
    async (action) => {
      // The console's actions call the API directly: a 401 from one ends the session here too.
      const attempt = () =>
        action().catch((error: unknown) => {
          endOperatorSessionOn(client, error);
          throw error;
        });
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ApiError && error.problem.code === 'FRESH_CODE_REQUIRED'))
          throw error;
        await new Promise<void>((resolve, reject) => {
          waiting.current = { resolve, reject };
          setOpen(true);
        });
        return attempt();
      }
    },
    [client],
  );

  const settle = (confirmed: boolean) => {
    const pending = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (confirmed) pending?.resolve();
    else pending?.reject(new FreshCodeCancelled());
  };

  return (
    <FreshCodeContext.Provider value={withFreshCode}>
      {children}
      <FreshCodeDialog
        open={open}
        onConfirmed={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </FreshCodeContext.Provider>
  );
}

/** "Confirm with a new code": the authenticator's newest code, or a recovery code. */
export function FreshCodeDialog({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('operators');
  const [draft, setDraft] = useState<CodeDraft>(emptyCode);
  const code = useOperatorCode();

  const close = () => {
    setDraft(emptyCode);
    code.reset();
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    code.mutate(codeBody(draft), {
      onSuccess: () => {
        setDraft(emptyCode);
        code.reset();
        onConfirmed();
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="fresh-code-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="fresh-code-title">{t('fresh.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('fresh.intro')}</DialogContentText>
          <CodeField
            draft={draft}
            onChange={setDraft}
            autoFocus
            error={code.error ? errorMessage(code.error, t('signIn.failed')) : undefined}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('fresh.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={code.isPending}>
            {t('fresh.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OperatorCodeBody } from '@maya/contracts';
import { useTranslation } from 'react-i18next';

export interface CodeDraft {
  recovery: boolean;
  value: string;
}

export const emptyCode: CodeDraft = { recovery: false, value: '' };

/** The body a code draft sends: six digits, or a recovery code. */
export function codeBody(draft: CodeDraft): OperatorCodeBody {
  const value = draft.value.trim();
  return draft.recovery ? { recoveryCode: value } : { code: value.replace(/\s/g, '') };
}

/** The authenticator's six digits, or (switched) a one-time recovery code. */
export function CodeField({
  draft,
  onChange,
  error,
  autoFocus,
}: {
  draft: CodeDraft;
  onChange: (draft: CodeDraft) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('operators');
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {draft.recovery ? (
        <TextField
          key="recovery"
          fullWidth
          label={t('signIn.recoveryCode')}
          name="recoveryCode"
          autoComplete="off"
          autoFocus={autoFocus}
          value={draft.value}
          onChange={(event) => onChange({ ...draft, value: event.target.value })}
          error={Boolean(error)}
          helperText={error ?? t('signIn.recoveryHelp')}
          required
        />
      ) : (
        <TextField
          key="code"
          fullWidth
          label={t('signIn.code')}
          name="code"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
          value={draft.value}
          onChange={(event) => onChange({ ...draft, value: event.target.value })}
          error={Boolean(error)}
          helperText={error}
          required
        />
      )}
      <Button size="small" onClick={() => onChange({ recovery: !draft.recovery, value: '' })}>
        {draft.recovery ? t('signIn.useCode') : t('signIn.useRecovery')}
      </Button>
    </Stack>
  );
}

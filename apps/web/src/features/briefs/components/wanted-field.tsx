import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { useBriefsTranslation } from '../utils/words';

/** What the offers must include, as chips: typed one at a time, each removable. */
export function WantedField({
  wanted,
  max,
  maxLength,
  error,
  onChange,
}: {
  wanted: readonly string[];
  max: number;
  maxLength: number;
  error: string | undefined;
  onChange: (wanted: string[]) => void;
}) {
  const { t } = useBriefsTranslation();
  const [typed, setTyped] = useState('');
  const add = () => {
    const item = typed.trim();
    if (item === '' || wanted.length >= max) return;
    if (!wanted.some((one) => one.toLowerCase() === item.toLowerCase()))
      onChange([...wanted, item]);
    setTyped('');
  };
  // Enter adds the item; it must not send the whole brief.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('form.wanted')}
          placeholder={t('form.wantedNew')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          error={Boolean(error)}
          helperText={error}
          disabled={wanted.length >= max}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength } }}
        />
        <Button
          type="button"
          variant="outlined"
          onClick={add}
          sx={{ mt: 1 }}
          disabled={typed.trim() === ''}
        >
          {t('form.wantedAdd')}
        </Button>
      </Box>
      {wanted.length > 0 && (
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {wanted.map((item) => (
            <li key={item}>
              <Chip
                label={item}
                onDelete={() => onChange(wanted.filter((one) => one !== item))}
                deleteIcon={<CancelIcon titleAccess={t('form.wantedRemove', { item })} />}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import SearchIcon from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper, { type PaperProps } from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlaceSuggestion } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceSuggestions } from '../api/suggest-places';
import { useDebouncedValue } from '../hooks/use-debounced-value';

export interface AddressSearchProps {
  /** A place was chosen from the suggestions. */
  onPick: (place: PlaceSuggestion) => void;
}

/** The suggestions' popup, with the gazetteer's credit (GeoNames, CC BY) under them. */
function CreditedPaper({ children, ...props }: PaperProps) {
  const { t } = useTranslation('places');
  return (
    <Paper {...props}>
      {children}
      <Typography
        variant="caption"
        component="p"
        color="text.secondary"
        sx={{ px: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}
      >
        {t('credit')}
      </Typography>
    </Paper>
  );
}

/**
 * A search box for a town or city: suggestions from the server's gazetteer as the person types
 * (after a pause, from two letters), chosen with the mouse or the keyboard (arrows, Enter,
 * Escape). What it finds is handed to `onPick`; the box keeps the chosen place's label.
 */
export default function AddressSearch({ onPick }: AddressSearchProps) {
  // Its texts are the "places" namespace, loaded with this chunk (lazy-address-search.tsx).
  const { t, i18n } = useTranslation('places');
  const [text, setText] = useState('');
  // What the person typed: the label a choice puts in the box is not searched for again.
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<PlaceSuggestion | null>(null);
  const settled = useDebouncedValue(query, 250);
  const suggestions = usePlaceSuggestions(settled, i18n.language);
  const typed = query.trim().length >= 2;
  const options = typed ? (suggestions.data?.items ?? []) : [];

  return (
    <Autocomplete
      options={options}
      value={picked}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        setText(value);
        if (reason === 'input' || reason === 'clear') setQuery(value);
      }}
      onChange={(_event, place) => {
        setPicked(place);
        if (place) onPick(place);
      }}
      // The server has already chosen and ordered them.
      filterOptions={(found) => found}
      getOptionLabel={(place) => place.label}
      getOptionKey={(place) => place.id}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      autoHighlight
      forcePopupIcon={false}
      loading={typed && (suggestions.isFetching || settled !== query)}
      loadingText={t('searching')}
      noOptionsText={typed ? t('noMatch') : t('typeMore')}
      clearText={t('clear')}
      openText={t('open')}
      closeText={t('close')}
      slots={{ paper: CreditedPaper }}
      renderOption={({ key, ...props }, place) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <PlaceIcon fontSize="small" color="action" aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {place.name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {place.label.slice(place.name.length + 2)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('search')}
          placeholder={t('placeholder')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

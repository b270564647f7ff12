import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { sectors } from '@maya/contracts/sectors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { DirectoryFilters } from '../types';

export function DirectoryFiltersBar({
  filters,
  radii,
  onChange,
  home,
}: {
  filters: DirectoryFilters;
  radii: number[];
  onChange: (changes: Partial<Omit<DirectoryFilters, 'role'>>) => void;
  home: { lat: number; lng: number } | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(filters.q);
  // When the URL's search changes from outside (back button, shared link), the box follows it.
  const [shownQuery, setShownQuery] = useState(filters.q);
  if (filters.q !== shownQuery) {
    setShownQuery(filters.q);
    setText(filters.q);
  }
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  // Typing waits 300 ms for a pause before it searches.
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => latestOnChange.current({ q: text }), 300);
    return () => clearTimeout(timer);
  }, [text, filters.q]);

  const nearMe = () => {
    if (!('geolocation' in navigator)) {
      if (home) onChange({ near: home });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        onChange({ near: { lat: position.coords.latitude, lng: position.coords.longitude } }),
      () => {
        if (home) onChange({ near: home });
        else toast.info(t('directory.locationDenied'));
      },
      { timeout: 8000 },
    );
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text });
      }}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr 1fr' },
        alignItems: 'center',
        mb: 3,
      }}
    >
      <TextField
        label={t('directory.search')}
        placeholder={t('directory.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        type="search"
      />
      <TextField
        select
        label={t('directory.sector')}
        value={filters.category}
        onChange={(event) =>
          onChange({ category: event.target.value as DirectoryFilters['category'] })
        }
      >
        <MenuItem value="">{t('directory.anySector')}</MenuItem>
        {sectors.map((sector) => (
          <MenuItem key={sector} value={sector}>
            {t(`sectors.${sector}`)}
          </MenuItem>
        ))}
      </TextField>
      {filters.near ? (
        <TextField
          select
          label={t('directory.radius')}
          value={filters.radiusKm}
          onChange={(event) => onChange({ radiusKm: Number(event.target.value) })}
        >
          {radii.map((radius) => (
            <MenuItem key={radius} value={radius}>
              {radius} km
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Button
          variant="outlined"
          startIcon={<MyLocationIcon />}
          onClick={nearMe}
          sx={{ height: 56 }}
        >
          {t('directory.nearMe')}
        </Button>
      )}
      <TextField
        select
        label={t('directory.sort')}
        value={filters.sort}
        onChange={(event) => {
          const sort = event.target.value as DirectoryFilters['sort'];
          // Nearest first from the saved location when no other point is chosen.
          onChange(sort === 'distance' && !filters.near && home ? { sort, near: home } : { sort });
        }}
      >
        <MenuItem value="">{t('directory.relevance')}</MenuItem>
        <MenuItem value="newest">{t('directory.newest')}</MenuItem>
        <MenuItem value="distance" disabled={!filters.near && !home}>
          {filters.near || home
            ? t('directory.distance')
            : t('directory.distanceNeedsPlace', { distance: t('directory.distance') })}
        </MenuItem>
      </TextField>
      {filters.near && (
        <Button
          onClick={() =>
            onChange({ near: null, sort: filters.sort === 'distance' ? '' : filters.sort })
          }
          sx={{ height: 56 }}
        >
          {t('directory.anywhere')}
        </Button>
      )}
    </Box>
  );
}

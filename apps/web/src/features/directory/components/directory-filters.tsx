import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { visuallyHidden } from '@mui/utils';
import { sectors } from '@maya/contracts/sectors';
import { currencies, serviceUnits } from '@maya/contracts/service-units';
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
  // The budget's two boxes, as typed; a valid amount (or an empty box) searches after a pause.
  const [budget, setBudget] = useState({
    min: filters.minPrice?.toString() ?? '',
    max: filters.maxPrice?.toString() ?? '',
  });
  const [shownBudget, setShownBudget] = useState([filters.minPrice, filters.maxPrice]);
  if (shownBudget[0] !== filters.minPrice || shownBudget[1] !== filters.maxPrice) {
    setShownBudget([filters.minPrice, filters.maxPrice]);
    setBudget({ min: filters.minPrice?.toString() ?? '', max: filters.maxPrice?.toString() ?? '' });
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

  useEffect(() => {
    const read = (text: string) => {
      const trimmed = text.trim().replace(',', '.');
      if (trimmed === '') return null;
      const number = Number(trimmed);
      return Number.isFinite(number) && number >= 0 ? number : undefined;
    };
    const min = read(budget.min);
    const max = read(budget.max);
    if (min === undefined || max === undefined) return;
    if (min === filters.minPrice && max === filters.maxPrice) return;
    const timer = setTimeout(() => latestOnChange.current({ minPrice: min, maxPrice: max }), 500);
    return () => clearTimeout(timer);
  }, [budget, filters.minPrice, filters.maxPrice]);

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
        {filters.role === 'seller' && (
          <MenuItem value="price" disabled={!filters.unit}>
            {filters.unit
              ? t('directory.priceSort', { unit: t(`services.units.${filters.unit}`) })
              : t('directory.priceSortNeedsUnit')}
          </MenuItem>
        )}
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
      {filters.role === 'seller' && (
        <Box
          component="fieldset"
          sx={{
            gridColumn: '1 / -1',
            border: 0,
            p: 0,
            m: 0,
            minWidth: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', lg: '1fr 1fr 1fr 1fr' },
          }}
        >
          <Box component="legend" sx={visuallyHidden}>
            {t('directory.priceFilters')}
          </Box>
          <TextField
            label={t('directory.budgetMin')}
            value={budget.min}
            onChange={(event) => setBudget({ ...budget, min: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <TextField
            label={t('directory.budgetMax')}
            value={budget.max}
            onChange={(event) => setBudget({ ...budget, max: event.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <TextField
            select
            label={t('directory.currency')}
            value={filters.currency}
            onChange={(event) =>
              onChange({ currency: event.target.value as DirectoryFilters['currency'] })
            }
          >
            {currencies.map((currency) => (
              <MenuItem key={currency} value={currency}>
                {t(`services.currencies.${currency}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('directory.unit')}
            value={filters.unit}
            onChange={(event) => {
              const unit = event.target.value as DirectoryFilters['unit'];
              // A price sort keeps to a unit: without one the list goes back to its default.
              onChange(!unit && filters.sort === 'price' ? { unit, sort: '' } : { unit });
            }}
          >
            <MenuItem value="">{t('directory.anyUnit')}</MenuItem>
            {serviceUnits.map((unit) => (
              <MenuItem key={unit} value={unit}>
                {t(`services.units.${unit}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
    </Box>
  );
}

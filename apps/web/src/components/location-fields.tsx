import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { lazy } from '../lib/lazy';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from './field-errors';
import { useHydrated } from '../lib/use-hydrated';
import { useNearScreen } from '../lib/use-near-screen';

const LeafletMap = lazy(() =>
  import('./map/leaflet-map').then((module) => ({ default: module.LeafletMap })),
);

export interface LatLngText {
  lat: string;
  lng: string;
}

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/**
 * Where the map opens until a point is chosen: the region of the visitor's language, Lisbon for
 * Portuguese and London for English (and any other).
 */
export function defaultView(language: string): MapView {
  return language.startsWith('pt')
    ? { lat: 38.72, lng: -9.14, zoom: 6 }
    : { lat: 51.51, lng: -0.13, zoom: 6 };
}

/** How close the map comes to a point chosen or saved. */
const POINT_ZOOM = 12;

export function parsePoint(value: LatLngText): { lat: number; lng: number } | undefined {
  const lat = Number(value.lat);
  const lng = Number(value.lng);
  if (
    value.lat.trim() === '' ||
    value.lng.trim() === '' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng)
  )
    return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

/**
 * The map is drawn in the browser only, once the page is live (a server render has none), and,
 * when asked, once the person is near it: further down a page it costs nothing until then. Both
 * checks live in this part alone, so the update that draws the map renders the map's area, not
 * the fields and the search beside it (a synchronous render, a long task on a phone).
 */
function LocationMap({
  whenNear,
  ...map
}: ComponentProps<typeof LeafletMap> & { whenNear: boolean }) {
  const hydrated = useHydrated();
  const mapArea = useRef<HTMLDivElement>(null);
  const nearScreen = useNearScreen(mapArea) || !whenNear;
  const mapSpace = <Box sx={{ height: map.height, bgcolor: '#e8eaf6', borderRadius: 2 }} />;
  return (
    <Box ref={mapArea}>
      {hydrated && nearScreen ? (
        <Suspense fallback={mapSpace}>
          <LeafletMap {...map} />
        </Suspense>
      ) : (
        mapSpace
      )}
    </Box>
  );
}

/**
 * Latitude and longitude inputs bound to a map: typing moves the pin, clicking the map sets it.
 * `search` draws a place search above them (the places feature's `AddressSearch`), handed a
 * `pick` that sets the point and brings the map to it.
 */
export function LocationFields({
  value,
  onChange,
  errors = {},
  mapHeight = 260,
  search,
  mapWhenNear = false,
}: {
  value: LatLngText;
  onChange: (value: LatLngText) => void;
  errors?: FieldErrors;
  mapHeight?: number;
  search?: (pick: (point: { lat: number; lng: number }) => void) => ReactNode;
  /** Draw the map only once the person scrolls near it (a form far down a page). */
  mapWhenNear?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const point = parsePoint(value);
  const [focus, setFocus] = useState<MapView>();
  const set = (next: { lat: number; lng: number }) =>
    onChange({ lat: next.lat.toFixed(6), lng: next.lng.toFixed(6) });
  const pick = (next: { lat: number; lng: number }) => {
    set(next);
    setFocus({ lat: next.lat, lng: next.lng, zoom: POINT_ZOOM });
  };
  const opening = defaultView(i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {search?.(pick)}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          label={t('auth.latitude')}
          value={value.lat}
          onChange={(event) => onChange({ ...value, lat: event.target.value })}
          error={Boolean(errors['location.lat'])}
          helperText={errors['location.lat']}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label={t('auth.longitude')}
          value={value.lng}
          onChange={(event) => onChange({ ...value, lng: event.target.value })}
          error={Boolean(errors['location.lng'])}
          helperText={errors['location.lng']}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('auth.mapHint')}
        </Typography>
        {/* Drawn on the server too (every supported browser can locate), so nothing moves when
            the page comes alive; a browser that cannot simply does nothing. */}
        <Button
          size="small"
          startIcon={<MyLocationIcon />}
          onClick={() =>
            navigator.geolocation?.getCurrentPosition((position) =>
              set({ lat: position.coords.latitude, lng: position.coords.longitude }),
            )
          }
        >
          {t('auth.useMyLocation')}
        </Button>
      </Box>
      <LocationMap
        center={point ?? opening}
        zoom={point ? POINT_ZOOM : opening.zoom}
        focus={focus}
        height={mapHeight}
        label={t('auth.mapLabel')}
        markers={point ? [{ id: 'chosen', ...point, title: t('auth.address') }] : []}
        onPick={set}
        whenNear={mapWhenNear}
      />
    </Box>
  );
}

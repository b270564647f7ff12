import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useClientConfig } from '../../lib/client-config';

export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  /** Plain text; never HTML. */
  title: string;
  subtitle?: string;
  href?: string;
}

export interface LeafletMapProps {
  center: { lat: number; lng: number };
  zoom?: number;
  markers?: MapMarker[];
  height?: number | string;
  label: string;
  onPick?: (point: { lat: number; lng: number }) => void;
  /** Frame every marker (and the centre) instead of keeping the centre's zoom. */
  fitMarkers?: boolean;
  /** A view to go to now, zoom included (a place chosen in a search); each new one is applied. */
  focus?: { lat: number; lng: number; zoom: number };
}

const pin = L.divIcon({
  className: '',
  html: '<div style="width:18px;height:18px;border-radius:50% 50% 50% 0;background:#283593;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>',
  iconSize: [18, 18],
  iconAnchor: [9, 18],
  popupAnchor: [0, -18],
});

function popupContent(marker: MapMarker): HTMLElement {
  const root = document.createElement('div');
  const title = document.createElement(marker.href ? 'a' : 'strong');
  title.textContent = marker.title;
  if (marker.href && title instanceof HTMLAnchorElement) title.href = marker.href;
  root.append(title);
  if (marker.subtitle) {
    const line = document.createElement('div');
    line.textContent = marker.subtitle;
    root.append(line);
  }
  return root;
}

/**
 * A Leaflet map. Markers and popups are built from text nodes, so seller text cannot inject
 * markup. Without tiles (offline) the markers still show on a plain background.
 */
export function LeafletMap({
  center,
  zoom = 12,
  markers = [],
  height = 320,
  label,
  onPick,
  fitMarkers = false,
  focus,
}: LeafletMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const config = useClientConfig();
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  useEffect(() => {
    if (!element.current || map.current) return;
    const instance = L.map(element.current, {
      minZoom: 3,
      zoomControl: true,
      attributionControl: true,
    });
    instance.setView([center.lat, center.lng], zoom);
    layer.current = L.layerGroup().addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) =>
      pick.current?.({ lat: event.latlng.lat, lng: event.latlng.lng }),
    );
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
    // The map is created once; later center and zoom changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const instance = map.current;
    const node = element.current;
    if (!instance || !node || !config) return;
    const tiles = L.tileLayer(config.mapTileUrl, {
      attribution: config.mapAttribution,
      maxZoom: 19,
    });
    if (typeof IntersectionObserver === 'undefined') {
      tiles.addTo(instance);
      return () => {
        tiles.remove();
      };
    }
    // The tiles are fetched once the map is (nearly) on screen: a map further down a page
    // costs nothing until the visitor scrolls to it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        tiles.addTo(instance);
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      tiles.remove();
    };
  }, [config]);

  useEffect(() => {
    if (fitMarkers && markers.length > 0) return;
    map.current?.setView([center.lat, center.lng], map.current.getZoom() || zoom);
  }, [center.lat, center.lng, zoom, fitMarkers, markers.length]);

  // After the centre's effect, so a chosen place's zoom wins over the zoom kept there.
  useEffect(() => {
    if (focus) map.current?.setView([focus.lat, focus.lng], focus.zoom);
  }, [focus]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const marker of markers) {
      L.marker([marker.lat, marker.lng], { icon: pin, title: marker.title, alt: marker.title })
        .bindPopup(popupContent(marker))
        .addTo(group);
    }
    if (fitMarkers && markers.length > 0 && map.current) {
      const bounds = L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng]));
      bounds.extend([center.lat, center.lng]);
      map.current.fitBounds(bounds, { padding: [32, 32], maxZoom: 13 });
    }
    // The centre only widens the frame; moving it alone does not refit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markers, fitMarkers]);

  return (
    <Box
      ref={element}
      role="region"
      aria-label={label}
      sx={{
        height,
        width: '100%',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: '#e8eaf6',
        zIndex: 0,
        // Leaflet draws the attribution's links without an underline; inside its line of text
        // they need one to be told apart (WCAG link-in-text-block).
        '& .leaflet-control-attribution a': { textDecoration: 'underline' },
      }}
    />
  );
}

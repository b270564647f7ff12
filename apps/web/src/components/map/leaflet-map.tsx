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
  /** A button at the foot of the marker's popup ("Chat Now"). */
  action?: { label: string; onClick: () => void };
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
  /** Markers closer than a pin's width or so are drawn as one numbered circle. */
  cluster?: boolean;
  /** The cluster's label, for screen readers and its tooltip ("3 sellers"). */
  clusterLabel?: (count: number) => string;
  /**
   * Follows a popup's link inside the app (the router's navigate), so a plain click does not
   * load the whole page again; a click with a modifier key, or a middle click, stays the
   * browser's (a new tab).
   */
  onFollow?: (href: string) => void;
}

/** Markers closer than this many pixels to a cluster's centre join it. */
const CLUSTER_DISTANCE_PX = 56;

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 32 : count < 100 ? 38 : 44;
  return L.divIcon({
    className: '',
    html: `<div style="width:${size}px;height:${size}px;border-radius:50%;background:#283593;color:#fff;border:3px solid rgba(255,255,255,.85);box-shadow:0 1px 4px rgba(0,0,0,.4);display:grid;place-items:center;font:600 14px/1 system-ui,sans-serif">${count}</div>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * The markers grouped at `map`'s zoom, greedily: each joins the first group whose centre (the
 * mean of its members' points) is within CLUSTER_DISTANCE_PX, else starts one. A group of one is
 * a pin, a larger one a numbered circle at its centre that zooms to its members when clicked.
 */
function clusterGroups(map: L.Map, markers: MapMarker[]): { members: MapMarker[]; at: L.LatLng }[] {
  const zoom = map.getZoom();
  const groups: { members: MapMarker[]; x: number; y: number }[] = [];
  for (const marker of markers) {
    const point = map.project([marker.lat, marker.lng], zoom);
    const near = groups.find(
      (group) => Math.hypot(group.x - point.x, group.y - point.y) < CLUSTER_DISTANCE_PX,
    );
    if (!near) {
      groups.push({ members: [marker], x: point.x, y: point.y });
      continue;
    }
    near.members.push(marker);
    near.x += (point.x - near.x) / near.members.length;
    near.y += (point.y - near.y) / near.members.length;
  }
  return groups.map((group) => ({
    members: group.members,
    at: map.unproject([group.x, group.y], zoom),
  }));
}

const pin = L.divIcon({
  className: '',
  html: '<div style="width:18px;height:18px;border-radius:50% 50% 50% 0;background:#283593;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>',
  iconSize: [18, 18],
  iconAnchor: [9, 18],
  popupAnchor: [0, -18],
});

function popupContent(
  marker: MapMarker,
  follow?: { current: ((href: string) => void) | undefined },
): HTMLElement {
  const root = document.createElement('div');
  const title = document.createElement(marker.href ? 'a' : 'strong');
  title.textContent = marker.title;
  const { href } = marker;
  if (href && title instanceof HTMLAnchorElement) {
    title.href = href;
    title.addEventListener('click', (event) => {
      const plain =
        event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      const go = follow?.current;
      if (!go || !plain) return;
      event.preventDefault();
      go(href);
    });
  }
  root.append(title);
  if (marker.subtitle) {
    const line = document.createElement('div');
    line.textContent = marker.subtitle;
    root.append(line);
  }
  if (marker.action) {
    const { label, onClick } = marker.action;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.style.cssText =
      'margin-top:8px;padding:6px 12px;border:0;border-radius:4px;background:#283593;color:#fff;font-size:14px;font-weight:500;line-height:1.4;cursor:pointer';
    button.addEventListener('click', onClick);
    root.append(button);
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
  cluster = false,
  clusterLabel = (count) => String(count),
  onFollow,
}: LeafletMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const config = useClientConfig();
  const pick = useRef(onPick);
  const followLink = useRef(onFollow);
  useEffect(() => {
    pick.current = onPick;
    followLink.current = onFollow;
  });

  useEffect(() => {
    if (!element.current || map.current) return;
    const instance = L.map(element.current, {
      // A map framing its markers may need the whole world (sellers on two continents).
      minZoom: fitMarkers ? 1 : 3,
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

  const clusterName = useRef(clusterLabel);
  useEffect(() => {
    clusterName.current = clusterLabel;
  });

  useEffect(() => {
    const group = layer.current;
    const instance = map.current;
    if (!group || !instance) return;
    const draw = () => {
      group.clearLayers();
      const groups = cluster
        ? clusterGroups(instance, markers)
        : markers.map((marker) => ({ members: [marker], at: L.latLng(marker.lat, marker.lng) }));
      for (const { members, at } of groups) {
        const [first] = members;
        if (!first) continue;
        if (members.length === 1) {
          L.marker([first.lat, first.lng], { icon: pin, title: first.title, alt: first.title })
            .bindPopup(popupContent(first, followLink))
            .addTo(group);
          continue;
        }
        const bounds = L.latLngBounds(members.map((member) => [member.lat, member.lng]));
        const name = clusterName.current(members.length);
        L.marker(at, {
          icon: clusterIcon(members.length),
          title: name,
          alt: name,
          keyboard: true,
        })
          .on('click', () => {
            // Members at one point never part by zooming: their popups list them instead.
            if (bounds.getNorthEast().equals(bounds.getSouthWest(), 1e-6)) {
              const list = document.createElement('div');
              for (const member of members) list.append(popupContent(member, followLink));
              L.popup().setLatLng(bounds.getCenter()).setContent(list).openOn(instance);
            } else instance.fitBounds(bounds, { padding: [48, 48] });
          })
          .addTo(group);
      }
    };
    if (fitMarkers && markers.length > 0) {
      const bounds = L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng]));
      if (!cluster) bounds.extend([center.lat, center.lng]);
      // At once, not animated: a list that grows while an animation runs (the next page of
      // results) would be framed from the animation's midpoint. The padding leaves room for a
      // cluster's circle at the edge.
      instance.invalidateSize({ pan: false });
      instance.fitBounds(bounds, {
        padding: cluster ? [40, 40] : [32, 32],
        maxZoom: 13,
        animate: false,
      });
    }
    draw();
    if (!cluster) return;
    instance.on('zoomend', draw);
    return () => {
      instance.off('zoomend', draw);
    };
    // The centre only widens the frame; moving it alone does not refit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markers, fitMarkers, cluster]);

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

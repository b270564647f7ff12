import type { PlaceSuggestion } from '@maya/contracts';
import type { Place } from './gazetteer.js';

/**
 * A gazetteer place as the address search answers it: its name, division and country in one
 * label ("Lisbon, Portugal", "Lisbon, Ohio, United States").
 */
export function toPlaceSuggestion(place: Place): PlaceSuggestion {
  const label = [place.name, place.admin, place.countryName ?? place.country]
    .filter(Boolean)
    .join(', ');
  return {
    id: place.id,
    name: place.name,
    country: place.country,
    ...(place.admin ? { admin: place.admin } : {}),
    lat: place.lat,
    lng: place.lng,
    label,
  };
}

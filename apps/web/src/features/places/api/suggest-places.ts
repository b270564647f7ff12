import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlacesAnswer } from '@maya/contracts';
import { apiCall } from '../../../lib/api-client';
import { placesKeys } from './places-keys';

/** Places asked for per search: five fit the popup without scrolling, on a phone too. */
export const SUGGESTIONS = 5;

/** Towns and cities whose name starts with the text, labelled in the interface's language. */
export const suggestPlaces = (
  text: string,
  language: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiCall<PlacesAnswer>(
    `/places?${new URLSearchParams({ q: text, limit: String(SUGGESTIONS), lang: language })}`,
    { signal },
  );

export const placesQuery = (text: string, language: string) =>
  queryOptions({
    queryKey: placesKeys.suggestions(text, language),
    queryFn: ({ signal }) => suggestPlaces(text, language, { signal }),
    // The gazetteer changes only with a new release.
    staleTime: 60 * 60_000,
  });

/** The suggestions for a text of two letters or more; the last ones stay while the next load. */
export function usePlaceSuggestions(text: string, language: string) {
  const query = text.trim();
  return useQuery({
    ...placesQuery(query, language),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
  });
}

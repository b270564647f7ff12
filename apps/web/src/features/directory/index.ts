// The public face of the directory: what other features (and the page renderer) may use. The
// directory and profile screens are loaded by their routes (app/routes/).
export { useFeaturedSellers } from './api/get-featured-sellers';
export { profileQuery } from './api/get-profile';
export { preview } from './utils/preview';
// The mark of a Pro business, which Maya's cards show too.
export { ProBadge } from './components/pro-badge';
// The directory search a URL shows, which the server reads to render the page (src/prerender.tsx).
export { directoryQuery, searchPath } from './api/find-users';
export { filtersFromSearch } from './hooks/use-directory-filters';

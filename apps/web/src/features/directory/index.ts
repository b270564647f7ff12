// The public face of the directory: what other features (and the page renderer) may use. The
// directory and profile screens are loaded by their routes (app/routes/).
export { useFeaturedSellers } from './api/get-featured-sellers';
export { profileQuery } from './api/get-profile';
export { preview } from './utils/preview';

// The public face of services on the web: the account's editor (its code loads when shown), a
// card's lowest price, the profile's list, and the words of a unit for the directory's filters.
export { ServicesEditor } from './components/lazy-services-editor';
export { FromPriceLine } from './components/from-price';
export { ProfileServices } from './components/profile-services';
export { amountText, formatMoney, parseAmount } from './utils/money';
// The business's own list, which the server reads to render /account (src/prerender.tsx).
export { ownServicesQuery } from './api/get-own-services';

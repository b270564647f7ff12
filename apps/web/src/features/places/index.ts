// The public face of places: what other features may use. The address search box loads its
// code when first shown (the sign-up forms, the account's location).
export { AddressSearch } from './components/lazy-address-search';
export type { AddressSearchProps } from './components/address-search';

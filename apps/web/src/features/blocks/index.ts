// The public face of blocks: what other features may use.
export { BlockAction } from './components/block-action';
export { BlockLine } from './components/block-line';
export { BlockedPeople } from './components/blocked-people';

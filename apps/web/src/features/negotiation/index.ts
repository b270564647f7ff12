// The public face of Maya's settings on the web: the account's section (its code loads when shown).
export { MayaSettings } from './components/lazy-maya-settings';

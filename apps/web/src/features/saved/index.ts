// The public face of saved businesses: the toggle that cards and profiles show. The /saved
// screen is loaded by its route (app/routes/saved.route.tsx).
export { SaveToggle } from './components/save-toggle';

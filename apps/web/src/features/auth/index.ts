// The public face of auth: the banner a signed-in account shows until its email is confirmed
// (the app's layout loads it lazily, only for such an account). Other features send people to the
// portals by address (/buyerauth, /sellerauth); the session itself is shared code
// (lib/session.ts), since the top bar and every route read it. The screens are loaded by their
// routes (app/routes/).
export { EmailBanner } from './components/email-banner';

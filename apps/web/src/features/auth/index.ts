// The public face of auth: nothing yet. Other features send people to the portals by address
// (/buyerauth, /sellerauth); the session itself is shared code (lib/session.ts), since the top
// bar and every route read it. The screens are loaded by their routes (app/routes/).
export {};

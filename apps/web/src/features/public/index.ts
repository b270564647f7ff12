// The public face of the public pages: nothing yet. Other features link to them by address
// (/, /About, /privacy, /terms); their screens are loaded by their routes (app/routes/).
export {};

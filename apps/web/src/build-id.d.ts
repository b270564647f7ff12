/** The build's id, set by vite.config.ts (`define`); absent under tests and the dev server's. */
declare const __BUILD_ID__: string | undefined;

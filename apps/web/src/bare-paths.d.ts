/**
 * The paths of the screens drawn with a layout of their own (screens.json's `bare` routes, without
 * their `/*`), set by vite.config.ts (`define`); absent under tests.
 */
declare const __BARE_PATHS__: readonly string[] | undefined;

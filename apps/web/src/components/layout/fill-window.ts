/**
 * The screens drawn exactly as tall as the window, signed in: a conversation (the chats, Maya),
 * whose header stays at the top and whose message box stays at the bottom while the messages
 * scroll between them. The layout gives such a screen the rest of the window below the top bar
 * and any banner; the screen fills it with `flex: 1; min-height: 0`.
 */
const FILLING = /^\/(?:inbox|assistant)(?:\/|$)/;

export function fillsWindow(pathname: string): boolean {
  return FILLING.test(pathname);
}

/**
 * The window's height: the dynamic viewport where the browser knows it (a phone's toolbars and
 * keyboard come and go), else the classic one.
 */
export const windowHeight = {
  height: '100vh',
  '@supports (height: 100dvh)': { height: '100dvh' },
} as const;

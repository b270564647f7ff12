/**
 * The chunks a prerendered page needs next: its shell lists them in `<meta name="modules">`
 * (build-plugins.ts), which the preload scanner ignores so they never compete with the
 * first paint.
 */
export function pageModules(): string[] {
  const list = document.querySelector<HTMLMetaElement>('meta[name="modules"]')?.content ?? '';
  return list.split(' ').filter((href) => href.startsWith('/'));
}

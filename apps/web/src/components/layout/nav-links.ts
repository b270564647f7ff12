/** The public pages' links. Signed in, / is the dashboard, so the landing page is at /home. */
export function publicLinks(landing: '/' | '/home') {
  return [
    { to: landing, key: 'nav.home' },
    { to: '/About', key: 'nav.features' },
    { to: '/pricing', key: 'nav.pricing' },
    { to: `${landing}#faq`, key: 'nav.faq' },
  ] as const;
}

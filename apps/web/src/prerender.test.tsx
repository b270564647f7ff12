// @vitest-environment node
import type { PublicProfile } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import { profileQuery } from './features/directory';
import { pageData, renderShell } from './prerender';

// The head of index.html as the build writes it, around an empty root.
const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Maya Market</title>
    <meta
      name="description"
      content="Maya Market connects clients with local businesses."
    />
    <meta property="og:title" content="Maya Market" />
    <meta
      property="og:description"
      content="Find businesses near you."
    />
    <meta property="og:image" content="/maya.svg" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const profile: PublicProfile = {
  id: '01a20cf7-efc5-70a6-bff7-991dd53a16bb',
  role: 'seller',
  fullName: 'Velvet <Salon> & "Spa"',
  firstName: 'Velvet',
  lastName: 'Salon',
  imageUrl: '/uploads/demo/velvet.webp',
  thumbnailUrl: '/uploads/demo/velvet-thumb.webp',
  description: 'Cuts, colour and\nbridal styling in Porto. </script><script>alert(1)</script>',
  category: 'beauty',
  location: { address: 'Rua das Flores 1, Porto', lat: 41.14, lng: -8.61 },
  email: 'velvet@demo.mayamarket.example',
  gallery: [],
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe("a seller's page rendered with its profile", () => {
  const url = `/sellers/${profile.id}`;
  const { queryKey } = profileQuery(profile.id);

  it('reads the profile the API answers for the URL, under the query key the screen uses', () => {
    expect(pageData(url)).toEqual([
      expect.objectContaining({
        path: `/api/v1/users/${profile.id}`,
        queryKey,
      }),
    ]);
    expect(pageData('/pricing')).toEqual([]);
  });

  it('draws the profile, names it in the head and carries the data for the browser', async () => {
    const [source] = pageData(url);
    const html = await renderShell(shell, {
      route: '/sellers/:id',
      url,
      data: [{ queryKey: source!.queryKey, data: profile }],
      origin: 'https://maya.example',
    });

    expect(html).toContain('<title>Velvet &lt;Salon> &amp; &quot;Spa&quot; · Maya Market</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Velvet &lt;Salon> &amp; &quot;Spa&quot; · Maya Market" />',
    );
    expect(html).toContain('<meta name="description" content="Cuts, colour and bridal styling in');
    expect(html).toContain(
      '<meta property="og:image" content="https://maya.example/uploads/demo/velvet.webp" />',
    );
    expect(html).toContain('<link rel="preload" as="image" href="/uploads/demo/velvet.webp"');

    const root = /<div id="root" data-route="\/sellers\/:id">([\s\S]*)<\/div>\n {2}<\/body>/.exec(
      html,
    )?.[1];
    expect(root).toMatch(/<h1[^>]*>Velvet &lt;Salon&gt; &amp; &quot;Spa&quot;<\/h1>/);
    expect(root).toContain('Rua das Flores 1, Porto');
    expect(root).not.toMatch(/<script/);

    // The data block: one script element, never closed early by the description's text.
    const block = /<script type="application\/json" id="page-data">([^]*?)<\/script>/.exec(html);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(JSON.parse(block![1]!)).toEqual([{ queryKey, data: profile }]);
  });

  it('keeps the build-time page as it was when there is no data', async () => {
    const html = await renderShell(shell, { route: '/sellers/:id', url: '/sellers/_' });
    expect(html).toContain('<title>Maya Market</title>');
    expect(html).not.toContain('page-data');
    expect(html).not.toMatch(/<h1/);
  });
});

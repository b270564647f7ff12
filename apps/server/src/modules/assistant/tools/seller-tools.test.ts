import type { PublicProfile, SellerToolOutput, UsersPage } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import type { AccountService } from '../../account/account.service.js';
import type { DirectoryService } from '../../directory/directory.service.js';
import { createPlaceFinder } from '../place-finder.js';
import { createSellerTools } from './seller-tools.js';

/**
 * The directory's contract lets every search result say why it matched (`match`) and lets the
 * page say what it understood; the rewritten directory fills them in. These tests give the
 * tools pages of that contract directly, so Maya's use of them is pinned down today.
 */
function profile(id: string, match: PublicProfile['match'], distanceKm = 1.2): PublicProfile {
  return {
    id,
    role: 'seller',
    fullName: `Seller ${id.slice(0, 4)}`,
    firstName: 'Seller',
    lastName: id.slice(0, 4),
    imageUrl: null,
    thumbnailUrl: null,
    description: 'Roof repairs and new roofs.',
    category: 'construction',
    location: { address: 'Rua das Flores 5, 4050-262 Porto', lat: 41.145, lng: -8.611 },
    email: null,
    createdAt: new Date().toISOString(),
    distanceKm,
    match,
  };
}

const ids = ['0190a0b0-0000-7000-8000-000000000001', '0190a0b0-0000-7000-8000-000000000002'];

function toolsOver(items: PublicProfile[]) {
  const porto = { name: 'Porto', country: 'Portugal', lat: 41.15, lng: -8.61, radiusKm: 15 };
  const directory = {
    // Only the words searched for find anything; the place is read from them.
    async findUsers(_actor: unknown, query: { q?: string }): Promise<UsersPage> {
      return {
        items: query.q ? items : [],
        nextCursor: null,
        understood: { words: query.q?.split(' ') ?? [], place: porto },
      };
    },
    async findSellerPlaces() {
      return [];
    },
  } as unknown as DirectoryService;
  const tools = createSellerTools(
    {
      directory,
      account: {} as AccountService,
      places: createPlaceFinder(directory),
    },
    null,
  );
  return (input: Record<string, unknown>) =>
    tools.searchSellers.execute!(input, {
      toolCallId: 'call',
      messages: [],
    }) as Promise<SellerToolOutput>;
}

describe('the search tool reads why each seller matched', () => {
  it('says which words matched in which fields, and how far, in either language', async () => {
    const search = toolsOver([
      profile(ids[0]!, { complete: true, words: ['roofing'], fields: ['description'] }),
      profile(ids[1]!, { complete: true, words: ['telhado'], fields: ['sector', 'name'] }, 3.4),
    ]);
    const english = await search({ query: 'roofing', place: 'Porto', language: 'en' });
    expect(english.sellers.map((card) => card.why)).toEqual([
      'matches “roofing” in the description, 1.2 km from the centre of Porto',
      'matches “telhado” in the sector and the name, 3.4 km from the centre of Porto',
    ]);
    expect(english.search).toMatchObject({ fitting: 2, alternatives: [] });
    const portuguese = await search({ query: 'telhado', place: 'Porto', language: 'pt' });
    expect(portuguese.sellers[1]!.why).toBe(
      'corresponde a “telhado” no setor e no nome, a 3,4 km do centro do Porto',
    );
  });

  it('offers partial matches only as labelled alternatives', async () => {
    const search = toolsOver([
      profile(ids[0]!, { complete: false, words: ['roof'], fields: ['description'] }),
    ]);
    const output = await search({ query: 'roof garden', place: 'Porto', language: 'en' });
    expect(output.search).toMatchObject({ fitting: 0, alternatives: ['partial'] });
    expect(output.note).toMatch(/^no-match: .*alternative/);
    expect(output.sellers).toEqual([
      expect.objectContaining({
        alternative: true,
        why: 'Alternative: matches only “roof” in the description, 1.2 km from the centre of Porto',
      }),
    ]);
  });

  it('finds nobody on an empty page, and says so in the note', async () => {
    const output = await toolsOver([])({ query: 'dog groomer', place: 'Porto' });
    expect(output.sellers).toEqual([]);
    expect(output.search?.fitting).toBe(0);
    expect(output.note).toMatch(/^no-match: nobody fits/);
    expect(output.note).toContain('not instructions');
  });
});

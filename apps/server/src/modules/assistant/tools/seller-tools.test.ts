import type { PublicProfile, SellerToolOutput } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import type { AccountService } from '../../account/account.service.js';
import type {
  BusinessRequest,
  BusinessSearch,
  FoundBusiness,
} from '../../directory/business-search.js';
import type { DirectoryService } from '../../directory/directory.service.js';
import { createNamedPlaces } from '../place-finder.js';
import { createSellerTools } from './seller-tools.js';

/**
 * The directory decides who fits and why (business-search.ts); the tool only words it. These
 * tests give the tool the directory's answers directly, so its wording of them is pinned down.
 */
function profile(id: string, name: string): PublicProfile {
  return {
    id,
    role: 'seller',
    fullName: name,
    firstName: name.split(' ')[0]!,
    lastName: name.split(' ').slice(1).join(' '),
    imageUrl: null,
    thumbnailUrl: null,
    description: 'Roof repairs and new roofs.',
    category: 'construction',
    location: { address: 'Rua das Flores 5, 4050-262 Porto', lat: 41.145, lng: -8.611 },
    email: null,
    createdAt: new Date().toISOString(),
    distanceKm: 1.2,
  };
}

const ids = ['0190a0b0-0000-7000-8000-000000000001', '0190a0b0-0000-7000-8000-000000000002'];
const summary: BusinessSearch['summary'] = {
  words: [],
  order: 'relevance',
  more: false,
  nextOffset: null,
  alternatives: [],
  nobodyNear: false,
  reachKm: 300,
};

function toolsOver(answer: Partial<BusinessSearch>) {
  const asked: BusinessRequest[] = [];
  const directory = {
    async searchBusinesses(_actor: unknown, request: BusinessRequest): Promise<BusinessSearch> {
      asked.push(request);
      const fitting = answer.fitting ?? [];
      const alternatives = answer.alternatives ?? [];
      return {
        fitting,
        alternatives,
        shown: [...fitting, ...alternatives],
        summary: { ...summary, ...answer.summary },
      };
    },
    async findUsers() {
      return { items: [], nextCursor: null };
    },
    async findSellerPlaces() {
      return [{ name: 'Porto', lat: 41.15, lng: -8.61, sellers: 3 }];
    },
    placeNamed(phrase: string) {
      return /^porto$/i.test(phrase)
        ? { id: 2735943, name: 'Porto', country: 'PT', lat: 41.15, lng: -8.61, population: 249_633 }
        : undefined;
    },
  } as unknown as DirectoryService;
  const tools = createSellerTools(
    { directory, account: {} as AccountService, places: createNamedPlaces(directory) },
    null,
  );
  const search = (input: Record<string, unknown>) =>
    tools.searchSellers.execute!(input, {
      toolCallId: 'call',
      messages: [],
    }) as Promise<SellerToolOutput>;
  return { search, asked };
}

const roofer: FoundBusiness = {
  profile: profile(ids[0]!, 'Telhados do Norte'),
  reasons: [
    {
      kind: 'match',
      hits: [
        { field: 'name', found: 'Telhados' },
        { field: 'description', found: 'roofs' },
      ],
      partial: false,
    },
    { kind: 'distance', km: 1.2 },
  ],
};

describe('the search tool words what the directory found', () => {
  it("quotes the profile's own words where they matched, in the asker's language", async () => {
    const { search } = toolsOver({ fitting: [roofer] });
    const english = await search({ query: 'roofing', place: 'Porto', language: 'en' });
    expect(english.sellers[0]!.why).toBe(
      'matches “Telhados” in the name, matches “roofs” in the description, 1.2 km from the centre of Porto',
    );
    const portuguese = await search({ query: 'telhado', place: 'Porto', language: 'pt' });
    expect(portuguese.sellers[0]!.why).toBe(
      'corresponde a “Telhados” no nome, corresponde a “roofs” na descrição, a 1,2 km do centro do Porto',
    );
    expect(portuguese.search).toMatchObject({ fitting: 1, alternatives: [], language: 'pt' });
  });

  it('says a match in the sector as the sector, never as the sector code', async () => {
    const { search } = toolsOver({
      fitting: [
        {
          ...roofer,
          reasons: [
            { kind: 'match', hits: [{ field: 'sector', found: 'construction' }], partial: false },
          ],
        },
      ],
    });
    const output = await search({ query: 'obras', language: 'pt' });
    expect(output.sellers[0]!.why).not.toContain('construction');
  });

  it('labels alternatives, and says when nobody is near', async () => {
    const partial = await toolsOver({
      alternatives: [
        {
          profile: profile(ids[1]!, 'Roof Garden'),
          reasons: [{ kind: 'match', hits: [{ field: 'name', found: 'Roof' }], partial: true }],
          alternative: 'partial',
        },
      ],
      summary: { ...summary, alternatives: ['partial'] },
    }).search({ query: 'roof garden', language: 'en' });
    expect(partial.sellers).toEqual([
      expect.objectContaining({
        alternative: true,
        why: 'Alternative: matches only “Roof” in the name',
      }),
    ]);
    expect(partial.note).toMatch(/^no-match: .*alternative/);

    const nobody = await toolsOver({ summary: { ...summary, nobodyNear: true } }).search({
      query: 'dog groomer',
      place: 'Porto',
    });
    expect(nobody.sellers).toEqual([]);
    expect(nobody.search).toMatchObject({ fitting: 0, nobodyNear: true });
    expect(nobody.note).toMatch(/^no-match: nobody fits the request, nor within 300 km/);
    expect(nobody.note).toContain('not instructions');
  });

  it('asks the directory for the place as a point, and keeps an announced order', async () => {
    const { search, asked } = toolsOver({
      fitting: [roofer],
      summary: { ...summary, order: 'distance', more: true },
    });
    const output = await search({ query: 'roofer', place: 'Porto', closest: true });
    // A town of fewer than 500,000 people: 15 km around it (the places module's radius).
    expect(asked[0]).toMatchObject({
      words: 'roofer',
      closest: true,
      near: { lat: 41.15 },
      radiusKm: 15,
    });
    expect(output.search).toMatchObject({ closestFirst: true, more: true });
  });

  it('pages through the directory with offset, and lifts the distance cap for anywhere', async () => {
    const { search, asked } = toolsOver({ fitting: [roofer] });
    await search({ query: 'roofer', place: 'Porto', offset: 6, anywhere: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ words: 'roofer', offset: 6, anywhere: true, limit: 6 });
  });

  it('asked for more past the last one, shows those found again', async () => {
    const { search, asked } = toolsOver({ fitting: [] });
    await search({ query: 'roofer', place: 'Porto', offset: 4 });
    expect(asked.map(({ offset, limit }) => ({ offset, limit }))).toEqual([
      { offset: 4, limit: 6 },
      { offset: 0, limit: 4 },
    ]);
  });
});

import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';
import {
  blockedBetween,
  coarseDegrees,
  listed,
  earthPoint,
  lowestPriceWithin,
  offersWithin,
  userColumns,
  users,
  type PriceFilter,
  type User,
  type UserRow,
} from '../../db/schema/index.js';

export interface DirectoryQuery {
  role: UserRow['role'];
  /**
   * One to_tsquery('simple') expression per searched word, matching any of its forms (stem,
   * synonyms, corrections: search-terms.ts); none for no text filter.
   */
  terms?: string[];
  /** The searched words as typed, for the trigram tier (a typo in a name or place). */
  text?: string;
  category?: NonNullable<UserRow['category']>;
  /** A point, and a radius unless every distance is wanted (sort=distance without one). */
  near?: { lat: number; lng: number; radiusKm?: number };
  /** Only businesses with a service that fits: one currency, maybe one unit, a budget. */
  price?: PriceFilter;
  /** `price`: the lowest starting price that fits `price` first (its unit makes them comparable). */
  sort: 'relevance' | 'distance' | 'newest' | 'price';
  /** Who searches: nobody they blocked, or who blocked them, is found. */
  viewerId?: string;
  limit: number;
  after?: { value: number | string; id: string };
}

export interface DirectoryRow {
  user: User;
  distanceKm: number | null;
  sortValue: number | string;
  /** Relevance order only: 1 all words in name, sector or place; 2 all words; 3 some; 4 typo. */
  tier?: number;
}

/** Matches counted before the count says "more than". */
export const COUNT_CAP = 100;

/**
 * Extra nearest rows read per distance page, so rows at the page's last distance are usually
 * all read at once; when they may go on past those, they are read again in id order.
 */
const TIE_SLACK = 20;

/** Newest accounts searched in time order before a text search falls back to its own index. */
const NEWEST_WINDOW = 5_000;

/**
 * How long the newest window's edge is reused for first pages. Any edge gives the same rows (the
 * two halves split the matches at it, each in order), so a stale one only widens the recent half
 * by the accounts created since; reading it costs a statement per tier.
 */
const EDGE_TTL_MS = 10_000;

/**
 * A page and how many profiles the search finds (countMatches' answer), read by the page's own
 * statements; no `total` when none of them returned a row (then ask countMatches).
 */
export interface CountedDirectoryPage {
  rows: DirectoryRow[];
  total?: { count: number; capped: boolean };
}

export interface DirectorySearchOptions {
  /** NEWEST_WINDOW, smaller in tests so both halves of a text search run on a few rows. */
  newestWindow?: number;
}

/**
 * `users.id` spelt with its table: in the select list of a query on one table drizzle writes a
 * bare "id", which inside a subquery on `services` would name the service's own id.
 */
const qualifiedUserId = sql`${users}.${sql.identifier('id')}`;

/**
 * The point a search measures a profile from: a business's own; a client's rounded to 0.01°, the
 * point their profile shows (directory.policy.ts), so no radius, distance, order or cursor tells
 * a business more than the profile does. Each has its GiST index (users.ts).
 */
function measuredPoint(role: DirectoryQuery['role']): SQL {
  return role === 'buyer'
    ? earthPoint(coarseDegrees(users.lat), coarseDegrees(users.lng))
    : earthPoint(users.lat, users.lng);
}

/**
 * The role, as a literal for clients: their point index covers clients only, and the planner
 * uses a partial index only when it can read the predicate in the query.
 */
function roleCondition(role: DirectoryQuery['role']): SQL {
  return role === 'buyer' ? sql`${users.role} = 'buyer'` : eq(users.role, role);
}

/** The base conditions of a search: role, listed accounts, no block, sector, price and radius. */
function baseConditions(query: DirectoryQuery): SQL[] {
  const base = [roleCondition(query.role), listed()];
  if (query.viewerId) base.push(sql`not ${blockedBetween(sql`${query.viewerId}::uuid`, users.id)}`);
  if (query.category) base.push(eq(users.category, query.category));
  if (query.price) base.push(offersWithin(qualifiedUserId, query.price));
  if (query.near?.radiusKm !== undefined) {
    const point = measuredPoint(query.role);
    const centre = sql`ll_to_earth(${query.near.lat}::float8, ${query.near.lng}::float8)`;
    const metres = query.near.radiusKm * 1000;
    base.push(
      sql`earth_box(${centre}, ${metres}::float8) @> ${point}`,
      sql`earth_distance(${point}, ${centre}) <= ${metres}::float8`,
    );
  }
  return base;
}

/**
 * How many profiles a search finds, up to COUNT_CAP + 1, as one scalar expression: those with
 * every word, or, when there are none, those with some (what the page then shows as partial
 * matches). Word matches only: the trigram tier is a fallback for typos in names, and its index
 * is slow to read for a common word. Uncorrelated, so PostgreSQL runs it once per statement, and
 * only when a row needs it.
 */
function cappedCount(query: DirectoryQuery): SQL<number> {
  const terms = query.terms ?? [];
  const base = baseConditions(query);
  const upTo = (conditions: SQL[]) =>
    sql<number>`(select count(*)::int from (select 1 from ${users} where ${and(...conditions)} limit ${COUNT_CAP + 1}) as counted)`;
  if (terms.length === 0) return upTo(base);
  const every = upTo([...base, sql`${users.search} @@ to_tsquery('simple', ${terms.join(' & ')})`]);
  if (terms.length === 1) return every;
  const some = upTo([...base, sql`${users.search} @@ to_tsquery('simple', ${terms.join(' | ')})`]);
  // coalesce reads its second argument only when the first is null: no match of every word.
  return sql<number>`coalesce(nullif(${every}, 0), ${some})`;
}

const capped = (found: number) => ({
  count: Math.min(found, COUNT_CAP),
  capped: found > COUNT_CAP,
});

/** The directory's one query: text, sector and distance, in three orders, paged by keyset. */
export function createDirectorySearch(
  db: Database,
  { newestWindow = NEWEST_WINDOW }: DirectorySearchOptions = {},
) {
  const edges = new Map<
    DirectoryQuery['role'],
    { readAt: number; edge: { at: string; id: string } | undefined }
  >();

  /**
   * The page; until a statement returns a row, each carries `total` (when given) as a column,
   * whose value goes to `onTotal`. PostgreSQL computes it only for a statement that returns rows.
   */
  async function readPage(
    query: DirectoryQuery,
    total: SQL<number> | undefined,
    onTotal: (value: unknown) => void,
  ): Promise<DirectoryRow[]> {
    let counting = total;
    const terms = query.terms ?? [];
    const allTerms = sql`to_tsquery('simple', ${terms.join(' & ')})`;
    const point = measuredPoint(query.role);
    const centre = query.near
      ? sql`ll_to_earth(${query.near.lat}::float8, ${query.near.lng}::float8)`
      : undefined;
    const distance = centre
      ? sql<number>`(earth_distance(${point}, ${centre}) / 1000)::float8`
      : sql<null>`null::float8`;
    const base = baseConditions(query);

    const select = (conditions: SQL[], order: SQL[], limit: number, sortValue: SQL) =>
      db
        .select({
          ...userColumns,
          distanceKm: distance,
          sortValue,
          total: counting ?? sql<null>`null::int`,
        })
        .from(users)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(limit);
    const toRows = (
      rows: Awaited<ReturnType<typeof select>>,
      value: (row: (typeof rows)[number]) => number | string,
    ): DirectoryRow[] =>
      rows.map((row) => {
        const { distanceKm, sortValue: _sortValue, total: found, ...user } = row;
        if (found !== null) {
          onTotal(found);
          counting = undefined;
        }
        return {
          user,
          distanceKm: distanceKm === null ? null : Number(distanceKm),
          sortValue: value(row),
        };
      });
    // Cursors carry the timestamp to the microsecond, as stored: a millisecond Date would skip
    // rows created within the same millisecond as the last one on a page.
    const createdAt = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    const iso = (value: unknown) => String(value);

    /**
     * Rows matching a text condition, newest first. The planner cannot tell a rare word from a
     * common one (prefix matches have no statistics), and walking the created_at index for a
     * word nobody uses reads every account. So the newest `newestWindow` accounts are searched in
     * created_at order, which a common word fills at once; only if they hold too few matches is
     * the rest searched through the text index and sorted, and a word that rare has few
     * matches to sort.
     */
    const newestMatches = async (matches: SQL[], limit: number, after?: SQL) => {
      const conditions = after ? [...matches, after] : matches;
      const order = [desc(users.createdAt), desc(users.id)];
      const readEdge = async () => {
        const [row] = await db
          .select({ at: createdAt, id: users.id })
          .from(users)
          .where(and(eq(users.role, query.role), after))
          .orderBy(...order)
          .offset(newestWindow)
          .limit(1);
        return row;
      };
      let edge: { at: string; id: string } | undefined;
      if (after) {
        edge = await readEdge();
      } else {
        const cached = edges.get(query.role);
        if (cached && performance.now() - cached.readAt < EDGE_TTL_MS) {
          edge = cached.edge;
        } else {
          const readAt = performance.now();
          edge = await readEdge();
          edges.set(query.role, { readAt, edge });
        }
      }
      if (!edge) return select(conditions, order, limit, createdAt);
      const edgeRow = sql`(${edge.at}::timestamptz, ${edge.id}::uuid)`;
      const recent = await select(
        [...conditions, sql`(${users.createdAt}, ${users.id}) >= ${edgeRow}`],
        order,
        limit,
        createdAt,
      );
      if (recent.length >= limit) return recent;
      const older = await select(
        [...conditions, sql`(${users.createdAt}, ${users.id}) < ${edgeRow}`],
        // An expression, so no index can supply the order and the text index finds the rows.
        [sql`${users.createdAt} + interval '0 seconds' desc`, desc(users.id)],
        limit - recent.length,
        createdAt,
      );
      return [...recent, ...older];
    };

    if (query.sort === 'relevance' && terms.length > 0) {
      const all = sql`to_tsquery('simple', ${terms.join(' & ')})`;
      const any = sql`to_tsquery('simple', ${terms.join(' | ')})`;
      const inNames = sql`${users.searchNames} @@ ${all}`;
      const everyWord = sql`${users.search} @@ ${all}`;
      const someWord = sql`${users.search} @@ ${any}`;
      const typo = sql`${query.text ?? ''} <% ${users.searchText}`;
      // How many of the words a partial match has: the order within tier 3.
      const matched = sql.join(
        terms.map((term) => sql`(${users.search} @@ to_tsquery('simple', ${term}))::int`),
        sql` + `,
      );
      const tiers: SQL[][] = [
        [inNames],
        [everyWord, sql`not (${inNames})`],
        // Some words but not all: only when there are several words.
        terms.length > 1 ? [someWord, sql`not (${everyWord})`] : [sql`false`],
        [typo, sql`not (${someWord})`],
      ];
      // A relevance cursor is "<tier>|<created_at>", or "3|<words matched>|<created_at>".
      const cursor =
        typeof query.after?.value === 'string'
          ? /^([1234])\|(?:(\d+)\|)?(.+)$/.exec(query.after.value)
          : null;
      const fromTier = cursor ? Number(cursor[1]) : 1;
      const found: DirectoryRow[] = [];
      for (let tier = fromTier; tier <= tiers.length && found.length < query.limit; tier += 1) {
        const resume = cursor && tier === fromTier && query.after ? cursor : undefined;
        const wanted = query.limit - found.length;
        if (tier === 3) {
          if (terms.length < 2) continue;
          // Most words first, then newest. The set is what the words' index gives for any of
          // them, and it is only read once every complete match has been listed.
          const after = resume
            ? sql`(${matched}, ${users.createdAt}, ${users.id}) < (${Number(resume[2] ?? 0)}::int, ${resume[3]}::timestamptz, ${query.after!.id}::uuid)`
            : undefined;
          const rows = await select(
            [...base, ...tiers[2]!, ...(after ? [after] : [])],
            [sql`${matched} desc`, desc(users.createdAt), desc(users.id)],
            wanted,
            sql<string>`(${matched})::text || '|' || ${createdAt}`,
          );
          found.push(
            ...toRows(rows, (row) => `3|${String(row.sortValue)}`).map((row) => ({
              ...row,
              tier: 3,
            })),
          );
          continue;
        }
        const after = resume
          ? sql`(${users.createdAt}, ${users.id}) < (${resume[3]}::timestamptz, ${query.after!.id}::uuid)`
          : undefined;
        const rows = await newestMatches([...base, ...tiers[tier - 1]!], wanted, after);
        found.push(
          ...toRows(rows, (row) => `${tier}|${iso(row.sortValue)}`).map((row) => ({
            ...row,
            tier,
          })),
        );
      }
      return found;
    }

    const conditions = [...base];
    if (terms.length > 0) {
      conditions.push(
        or(sql`${users.search} @@ ${allTerms}`, sql`${query.text ?? ''} <% ${users.searchText}`)!,
      );
    }
    if (query.sort === 'distance' && centre) {
      if (query.after) {
        conditions.push(
          sql`(${distance}, ${users.id}) > (${query.after.value}::float8, ${query.after.id}::uuid)`,
        );
      }
      // Nearest first straight from the GiST index: the straight-line distance through the
      // earth orders points exactly as the distance along its surface does. The index orders by
      // that one key only (a second key makes PostgreSQL sort every point in the radius), so a
      // few extra rows are read and ties at the same distance are put in id order here.
      const read = query.limit + TIE_SLACK;
      const byDistance = (rows: Awaited<ReturnType<typeof select>>) =>
        toRows(rows, (row) => Number(row.distanceKm));
      const nearest = byDistance(
        await select(conditions, [sql`${point} <-> ${centre}`], read, distance),
      ).sort((a, b) => a.distanceKm! - b.distanceKm! || (a.user.id < b.user.id ? -1 : 1));
      const edge = nearest[query.limit - 1]?.distanceKm ?? undefined;
      if (nearest.length < read || edge === undefined || edge < nearest.at(-1)!.distanceKm!) {
        return nearest.slice(0, query.limit);
      }
      // The page ends in a run of rows at one distance that may go on past those read (sellers
      // at one address, clients in one rounded square): that run is read again in id order,
      // from a box just wider than its distance, so the page is exact however many share it.
      const closer = nearest.filter((row) => row.distanceKm! < edge);
      const tied = await select(
        [
          ...conditions,
          sql`earth_box(${centre}, ${edge * 1000 + 1}::float8) @> ${point}`,
          sql`${distance} = ${edge}::float8`,
        ],
        [asc(users.id)],
        query.limit - closer.length,
        distance,
      );
      return [...closer, ...byDistance(tied)];
    }

    if (query.sort === 'price' && query.price) {
      // Cheapest first: each business at the lowest starting price among its services that fit
      // (the filter names one unit, so the prices compare), then by id; paged by that pair.
      const lowest = lowestPriceWithin(qualifiedUserId, query.price);
      if (query.after) {
        conditions.push(
          sql`(${lowest}, ${users.id}) > (${query.after.value}::int, ${query.after.id}::uuid)`,
        );
      }
      const rows = await select(
        conditions,
        [sql`${lowest} asc`, asc(users.id)],
        query.limit,
        lowest,
      );
      return toRows(rows, (row) => Number(row.sortValue));
    }

    const after = query.after
      ? sql`(${users.createdAt}, ${users.id}) < (${query.after.value}::timestamptz, ${query.after.id}::uuid)`
      : undefined;
    const rows =
      terms.length > 0
        ? await newestMatches(conditions, query.limit, after)
        : await select(
            after ? [...conditions, after] : conditions,
            [desc(users.createdAt), desc(users.id)],
            query.limit,
            createdAt,
          );
    return toRows(rows, (row) => iso(row.sortValue));
  }

  return {
    /**
     * One page of the directory, keyset-paged so it neither repeats nor skips while people sign up.
     *
     * Relevance comes in tiers, each newest first: the words in the name, sector or place (their
     * own vector, `search_names`); then in the description only; then, only when those run
     * out, trigram matches of name, sector and place, so a typo still finds someone. Each tier is a
     * query the indexes answer without ranking every match (a common word matches a fifth of a
     * million sellers).
     *
     * Distance uses a GiST index on the point as a position on the earth: a box around the centre
     * for the radius, and nearest-first order straight from the index for sort=distance.
     */
    findDirectoryPage(query: DirectoryQuery): Promise<DirectoryRow[]> {
      return readPage(query, undefined, () => undefined);
    },

    /** The page and the search's count, in the page's own statements (CountedDirectoryPage). */
    async findCountedDirectoryPage(query: DirectoryQuery): Promise<CountedDirectoryPage> {
      let found: number | undefined;
      const rows = await readPage(query, cappedCount(query), (value) => {
        found ??= Number(value);
      });
      return { rows, ...(found !== undefined && { total: capped(found) }) };
    },

    /**
     * How many profiles a search finds, up to COUNT_CAP: those with every word, or, when there
     * are none, those with some (what the page then shows as partial matches).
     */
    async countMatches(query: DirectoryQuery): Promise<{ count: number; capped: boolean }> {
      const [row] = await selectRows<{ count: number }>(
        db,
        sql`select ${cappedCount(query)} as count`,
      );
      return capped(Number(row?.count ?? 0));
    },

    /** Every word the profiles use, folded (search_terms): what misspelt words are corrected to. */
    async findVocabulary(): Promise<string[]> {
      const rows = await selectRows<{ term: string }>(db, sql`select term from search_terms`);
      return rows.map((row) => row.term);
    },
  };
}

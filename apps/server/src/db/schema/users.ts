import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { foldTable } from '../../lib/lexicon/fold.js';
import { sectors } from '@maya/contracts/sectors';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The server's fold (`lib/lexicon/fold.ts`) in SQL: lower case, every accented or special Latin
 * letter of either case to its plain form (ø → o, æ → ae, ß → ss), combining marks dropped. Only
 * translate(), replace() and lower(), which are immutable, so generated columns may use it
 * (unaccent() is not); a query folded in TypeScript meets the index in the same form.
 */
const FOLD = foldTable();
export function fold(expression: string): string {
  return FOLD.multiple.reduce(
    (folded, [letter, plain]) => `replace(${folded}, '${letter}', '${plain}')`,
    `translate(lower(${expression}), '${FOLD.from}', '${FOLD.to}')`,
  );
}

/**
 * earthdistance's ll_to_earth(lat, lng), the point on the earth its distances and boxes take,
 * written out with the extensions' functions and type qualified by their schema (`public`,
 * migration 0000). ll_to_earth's own body names cube() and earth() unqualified, and pg_restore
 * builds indexes with an empty search_path, so an index on ll_to_earth() is not restored.
 * Queries use this same expression, so the planner matches them to the indexes. In parentheses,
 * as an index on an expression other than a function call needs.
 */
export function earthPoint(lat: SQLWrapper, lng: SQLWrapper): SQL {
  return sql`(public.cube(public.cube(public.cube(public.earth() * cos(radians(${lat})) * cos(radians(${lng}))), public.earth() * cos(radians(${lat})) * sin(radians(${lng}))), public.earth() * sin(radians(${lat})))::public.earth)`;
}

/**
 * A client's coordinate as anyone else sees it: to 0.01° (about 1 km), by the same float
 * operations as `coarseDegrees` in modules/directory/directory.policy.ts, so the point searched
 * and the point shown are the same number.
 */
export function coarseDegrees(degrees: SQLWrapper): SQL {
  return sql`(floor(${degrees} * 100::float8 + 0.5::float8) / 100::float8)`;
}

/**
 * The address as the search reads it: a business's, and nothing of a client's, whose address
 * nobody else is shown (they see the client's town, ARCHITECTURE.md, Directory search), so no
 * street, number or postcode a client typed finds them, by a word, a prefix or a typo.
 */
const searchedAddress = "(case when role = 'seller' then coalesce(address, '') else '' end)";

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    role: text('role', { enum: ['buyer', 'seller'] }).notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: sectors }),
    address: text('address'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    imageUrl: text('image_url'),
    thumbnailUrl: text('thumbnail_url'),
    plan: text('plan', { enum: ['free', 'pro'] })
      .notNull()
      .default('free'),
    // The payment provider's customer, known once a payment for this account completed.
    billingCustomerId: text('billing_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Set when the owner deletes the account: the row stays, anonymised, so chat partners keep
    // their history with the author shown as a deleted user.
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    // When the owner followed the confirmation link mailed to `email`; null until then. No
    // notification mail goes to an address that is null here (ARCHITECTURE.md, Email
    // verification).
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    // An operator's restrictions (modules/moderation): hidden from the directory, profiles and
    // Maya; suspended until a time (no sign-in, no session, hidden too); a termination scheduled
    // for a time (P2B: 30 days' notice unless an exception is recorded), and when it took effect.
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    terminatesAt: timestamp('terminates_at', { withTimezone: true, mode: 'date' }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true, mode: 'date' }),
    // A business's declaration under EU consumer law: whether it acts as a trader; null until it
    // has said (and for a client).
    trader: boolean('trader'),
    // The names and descriptions of the business's services, one text: written by a trigger on
    // `services` (migration 0024), read by the search columns below.
    servicesText: text('services_text').notNull().default(''),
    // Weighted so a name match outranks a description match (or a match in the services' words,
    // which weigh as much); 'simple' keeps place and brand names unstemmed, which suits a
    // multilingual directory. Words are folded as the search folds them (search-terms.ts), so
    // "São" and "Sao" are one word.
    search: tsvector('search').generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('simple', ${fold("coalesce(first_name, '') || ' ' || coalesce(last_name, '')")}), 'A') || setweight(to_tsvector('simple', ${fold(`coalesce(category, '') || ' ' || ${searchedAddress}`)}), 'B') || setweight(to_tsvector('simple', ${fold("coalesce(description, '') || ' ' || services_text")}), 'C')`,
      ),
    ),
    // The same words of name, sector and place alone: the first relevance tier. A column of its
    // own gives the planner true statistics for it (weights inside one vector are invisible to
    // them), so a word found only in descriptions is known to be rare here.
    searchNames: tsvector('search_names').generatedAlwaysAs(
      sql.raw(
        `to_tsvector('simple', ${fold(`coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(category, '') || ' ' || ${searchedAddress}`)})`,
      ),
    ),
    // Short text for fuzzy matching (trigrams), so a typo in a name, sector or place still finds it.
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(
        fold(
          `first_name || ' ' || last_name || ' ' || coalesce(category, '') || ' ' || ${searchedAddress}`,
        ),
      ),
    ),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    // Null order must match the query's ORDER BY (DESC means NULLS FIRST) or the index is not used.
    index('users_role_created_idx').on(
      table.role,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A sector, newest first, straight from the index.
    index('users_role_category_created_idx').on(
      table.role,
      table.category,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The point on the earth (earthdistance's cube), for radius boxes and nearest-first order.
    index('users_earth_idx').using('gist', earthPoint(table.lat, table.lng)),
    // A client's rounded point, the only one a business's search may measure (ARCHITECTURE.md,
    // Directory search).
    index('users_buyer_earth_idx')
      .using('gist', earthPoint(coarseDegrees(table.lat), coarseDegrees(table.lng)))
      .where(sql`${table.role} = 'buyer'`),
    uniqueIndex('users_billing_customer_key').on(table.billingCustomerId),
    index('users_search_idx').using('gin', table.search),
    index('users_search_names_idx').using('gin', table.searchNames),
    index('users_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
/** A user as the app reads it: the generated search columns are index inputs, never read back. */
export type User = Omit<UserRow, 'search' | 'searchNames' | 'searchText'>;

/** The columns of a `User`, for the repositories' selects. */
export const userColumns = (() => {
  const {
    search: _search,
    searchNames: _names,
    searchText: _text,
    ...columns
  } = getTableColumns(users);
  return columns;
})();

/**
 * Every word the directory's profiles use, folded: the vocabulary a misspelt search word is
 * corrected against, read by the directory service (and compared in JS: a trigram index on it
 * stalls PGlite). Filled by triggers on users (migration 0014); a word stays
 * when its last user goes, which only costs a lookup that finds nobody.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() });

/**
 * An account others may find: not deleted, not hidden by an operator, not suspended now, not
 * terminated. The directory, profiles and Maya show no other.
 */
export function listed(): SQL {
  return sql`(${users.deletedAt} is null and ${users.hiddenAt} is null and ${users.terminatedAt} is null and (${users.suspendedUntil} is null or ${users.suspendedUntil} <= now()))`;
}

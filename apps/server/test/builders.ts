import type { Sector } from '@maya/contracts';
import type { Database } from '../src/db/client.js';
import { users, type NewUserRow, type UserRow } from '../src/db/schema/index.js';
import { uuidv7 } from '../src/lib/uuid.js';

let sequence = 0;

/** A user with plausible defaults; tests pass only what they care about. */
export async function insertUser(
  db: Database,
  overrides: Partial<NewUserRow> & { category?: Sector | null } = {},
): Promise<UserRow> {
  sequence += 1;
  const createdAt = overrides.createdAt ?? new Date(Date.now() + sequence);
  const [row] = await db
    .insert(users)
    .values({
      id: uuidv7(createdAt.getTime()),
      role: 'seller',
      email: `user${sequence}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      passwordHash: 'not-a-real-hash',
      firstName: `First${sequence}`,
      lastName: `Last${sequence}`,
      description: 'A test profile',
      category: overrides.role === 'buyer' ? null : 'beauty',
      address: 'Rua Augusta 1, Lisbon',
      lat: 38.7101234,
      lng: -9.1365678,
      createdAt,
      updatedAt: createdAt,
      ...overrides,
    })
    .returning();
  return row!;
}

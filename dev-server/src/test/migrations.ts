/** A migration's test starts from the schema just before it: every earlier migration, not it. */
import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Database } from '../db/database';
import { migrations } from '../db/migrations';

export async function migrateToBefore(db: Kysely<Database>, name: string): Promise<void> {
  const names = Object.keys(migrations).sort();
  const previous = names[names.indexOf(name) - 1];
  if (!previous) throw new Error(`no migration before ${name}`);
  const migrator = new Migrator({ db, provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations } });
  const { error } = await migrator.migrateTo(previous);
  if (error) throw error;
}

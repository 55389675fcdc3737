/** Demo users, their tiers, folders and saved items. */
import type { Insertable } from 'kysely';
import type { FolderItemTable, FolderTable, NewArticle, NewUser, UserTierTable } from '../db/database';
import { hashPassword } from '../services/passwords';
import type { Rng } from './prng';
import { seededUuid } from './prng';
import { DEMO_FOLDERS, DEMO_USERS } from './demo-users';

export interface UserSeed {
  users: NewUser[];
  tiers: Insertable<UserTierTable>[];
  folders: Insertable<FolderTable>[];
  folderItems: Insertable<FolderItemTable>[];
}

export async function buildUsers(rng: Rng, articles: readonly NewArticle[]): Promise<UserSeed> {
  const out: UserSeed = { users: [], tiers: [], folders: [], folderItems: [] };
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  DEMO_USERS.forEach((demo, index) => {
    const id = `u-${rng.hex(12)}`;
    const created = new Date(Date.UTC(2024, index * 3, 10, 15)).toISOString();
    out.users.push({
      id,
      guid: seededUuid(rng),
      email: demo.email,
      first_name: demo.firstName,
      last_name: demo.lastName,
      display_name: `${demo.firstName} ${demo.lastName}`,
      password_hash: hashes[index] ?? '',
      status: demo.status,
      created_at: created,
      updated_at: created,
    });
    for (const role of demo.tiers) out.tiers.push({ user_id: id, role_code: role });

    // Saves: every save is in My Library; some are also in the user's own folders.
    const saved = rng.sample(articles, 6 + index * 3);
    const savedAt = (i: number) => new Date(Date.UTC(2025, 5, 1 + i, 9)).toISOString();
    const membership: Record<string, readonly NewArticle[]> = {
      'my-library': saved,
      'strategy-reads': saved.slice(0, 3 + index),
      'team-offsite': saved.slice(-2),
    };
    DEMO_FOLDERS.forEach((f, position) => {
      const folderId = `f-${rng.hex(12)}`;
      out.folders.push({
        id: folderId,
        user_id: id,
        name: f.name,
        description: f.description,
        slug: f.slug,
        read_only: f.readOnly ? 1 : 0,
        position,
        created_at: created,
      });
      (membership[f.slug] ?? []).forEach((a, i) =>
        out.folderItems.push({ folder_id: folderId, article_id: a.id, saved_at: savedAt(i) }),
      );
    });
  });
  return out;
}

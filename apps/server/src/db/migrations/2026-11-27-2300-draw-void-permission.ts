import { type Kysely, sql } from 'kysely';

/** The `draws.void` permission (cancel a lottery draw, refunding every slip) on the owner role, which holds every one. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'draws.void')
    WHERE name = 'owner' AND NOT ('draws.void' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'draws.void')`.execute(db);
}

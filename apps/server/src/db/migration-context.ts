/** What a migration that handles sealed data needs beyond the database: the server secret the instances share. */
export interface MigrationContext {
  serverSecret?: string;
}

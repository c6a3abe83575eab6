export interface BotCheckTables {
  bot_check_spent: BotCheckSpentTable;
}

export interface BotCheckSpentTable {
  /** SHA-256 of the challenge signature: one use per challenge the server signed. */
  challenge_hash: Buffer;
  merchant_code: string;
  expires_at: Date;
}

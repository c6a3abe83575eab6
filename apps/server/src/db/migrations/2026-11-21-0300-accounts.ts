import { type Kysely, sql } from 'kysely';

/** Accounts: members, sessions' link to them, login throttling, captcha, encrypted entries, outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE members (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      account text NOT NULL CHECK (char_length(account) BETWEEN 1 AND 64),
      password_hash text,
      nickname text,
      agent_type smallint NOT NULL DEFAULT 0 CHECK (agent_type IN (0, 1, 2, 4, 41, 42)),
      parent_id bigint REFERENCES members(id),
      mobile text,
      dial_code text,
      email text,
      profile jsonb NOT NULL DEFAULT '{}',
      registration jsonb NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen')),
      avatar text NOT NULL DEFAULT '0',
      avatar_type text NOT NULL DEFAULT 'STATIC' CHECK (avatar_type IN ('STATIC', 'CUSTOM')),
      password_changed_at timestamptz,
      first_login_done boolean NOT NULL DEFAULT false,
      last_login_ip text,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX members_account_per_merchant ON members (merchant_code, lower(account))`.execute(db);
  await sql`CREATE UNIQUE INDEX members_mobile_per_merchant ON members (merchant_code, dial_code, mobile) WHERE mobile IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX members_by_parent ON members (parent_id) WHERE parent_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE affiliate_codes (
      merchant_code text NOT NULL REFERENCES merchants(code),
      code text NOT NULL CHECK (code ~ '^[A-Za-z0-9]{4,20}$'),
      agent_id bigint NOT NULL REFERENCES members(id),
      domain text,
      disabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, code)
    )`.execute(db);
  await sql`CREATE INDEX affiliate_codes_by_agent ON affiliate_codes (agent_id)`.execute(db);

  await sql`ALTER TABLE sessions ADD COLUMN ip text`.execute(db);
  await sql`ALTER TABLE sessions ADD CONSTRAINT sessions_member_fk FOREIGN KEY (member_id) REFERENCES members(id)`.execute(db);
  // One live session per account, guaranteed by the database and not only by the login code.
  await sql`DROP INDEX sessions_live_by_member`.execute(db);
  await sql`CREATE UNIQUE INDEX sessions_one_live_per_member ON sessions (member_id) WHERE ended_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      account_key text NOT NULL,
      ip text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_by_account ON login_failures (merchant_code, account_key, failed_at)`.execute(db);

  await sql`
    CREATE TABLE password_grants (
      token_hash bytea PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      purpose text NOT NULL CHECK (purpose IN ('change', 'reset')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_grants_by_member ON password_grants (member_id)`.execute(db);

  await sql`
    CREATE TABLE captchas (
      id text PRIMARY KEY,
      answer_hash bytea NOT NULL,
      client_ip text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX captchas_by_expiry ON captchas (expires_at)`.execute(db);

  await sql`
    CREATE TABLE rate_marks (
      scope text NOT NULL,
      key text NOT NULL,
      last_at timestamptz NOT NULL,
      PRIMARY KEY (scope, key)
    )`.execute(db);

  await sql`
    CREATE TABLE rsa_keys (
      slot bigint PRIMARY KEY,
      key_id text NOT NULL UNIQUE,
      public_spki bytea NOT NULL,
      private_sealed bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE sealed_nonces (
      nonce text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sealed_nonces_by_expiry ON sealed_nonces (expires_at)`.execute(db);

  await sql`
    CREATE TABLE outbox_messages (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL REFERENCES merchants(code),
      kind text NOT NULL CHECK (kind IN ('mail', 'sms')),
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX outbox_messages_by_kind ON outbox_messages (merchant_code, kind, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE outbox_messages`.execute(db);
  await sql`DROP TABLE sealed_nonces`.execute(db);
  await sql`DROP TABLE rsa_keys`.execute(db);
  await sql`DROP TABLE rate_marks`.execute(db);
  await sql`DROP TABLE captchas`.execute(db);
  await sql`DROP TABLE password_grants`.execute(db);
  await sql`DROP TABLE login_failures`.execute(db);
  await sql`DROP INDEX sessions_one_live_per_member`.execute(db);
  await sql`CREATE INDEX sessions_live_by_member ON sessions (member_id) WHERE ended_at IS NULL`.execute(db);
  await sql`ALTER TABLE sessions DROP CONSTRAINT sessions_member_fk`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN ip`.execute(db);
  await sql`DROP TABLE affiliate_codes`.execute(db);
  await sql`DROP TABLE members`.execute(db);
}

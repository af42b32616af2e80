import { type Algorithm, hash, verify } from "@node-rs/argon2";

/**
 * Password hashing: argon2id with the library's defaults (19 MiB, 2 passes, 1 lane — the
 * OWASP minimum), stored as a PHC string (`$argon2id$v=19$m=...`) in users.password_hash.
 */

// `Algorithm` is an ambient const enum, which verbatimModuleSyntax cannot read as a value;
// the annotation makes the compiler check that 2 is Algorithm.Argon2id.
const ARGON2ID: Algorithm.Argon2id = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** True when `password` matches the stored PHC hash. Throws only if the hash is malformed. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

/**
 * The avatar's letters (SPEC: initials, or the first letter of the e-mail): the first letters of
 * the first and last words of the full name, else the e-mail's first letter, upper-case.
 */
export function avatarInitials(fullName: string | null | undefined, email: string): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = first ? [first, last].map((word) => (word ? Array.from(word)[0] : "")).join("") : (Array.from(email.trim())[0] ?? "?");
  return letters.toLocaleUpperCase("en-US");
}

/**
 * The profile's picture when the portal's own origin serves it, else null: an image from anywhere
 * else (a sign-in provider's avatar service) would be a request leaving the origin.
 */
export function ownOriginImage(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && (parsed.protocol === "https:" || parsed.protocol === "http:") ? parsed.href : null;
  } catch {
    return null;
  }
}

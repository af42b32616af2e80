/**
 * Passwords that head every published breach list (lower-cased). A password equal to one of
 * these, ignoring case, is refused as too common.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "123456", "123456789", "12345678", "password", "qwerty", "123123", "1234567", "12345", "1234567890",
  "111111", "000000", "abc123", "password1", "iloveyou", "qwerty123", "1q2w3e4r", "1qaz2wsx", "qwertyuiop",
  "654321", "666666", "121212", "112233", "123321", "7777777", "555555", "987654321", "123qwe", "admin",
  "admin123", "administrator", "root", "toor", "letmein", "welcome", "welcome1", "monkey", "dragon",
  "football", "baseball", "master", "shadow", "sunshine", "princess", "superman", "batman", "trustno1",
  "passw0rd", "p@ssw0rd", "p@ssword", "password123", "password!", "changeme", "secret", "test", "test123",
  "testing", "guest", "login", "starwars", "whatever", "freedom", "michael", "charlie", "jennifer",
  "jordan", "hunter", "hunter2", "ranger", "buster", "soccer", "hockey", "killer", "george", "computer",
  "michelle", "jessica", "pepper", "daniel", "andrew", "joshua", "matthew", "ashley", "thomas", "hannah",
  "tigger", "summer", "flower", "cookie", "chocolate", "lovely", "loveme", "love123", "zaq12wsx",
  "asdfgh", "asdfghjkl", "zxcvbn", "zxcvbnm", "qazwsx", "1qazxsw2", "q1w2e3r4", "q1w2e3r4t5", "aa123456",
  "abcd1234", "abcdef", "abcdefg", "a1b2c3", "123abc", "159753", "147258369", "963852741", "789456123",
  "11111111", "00000000", "88888888", "12341234", "11223344", "1234qwer", "qwer1234", "mustang",
  "access", "master123", "qwerty1", "qwerty12", "iloveyou1", "princess1", "sunshine1", "football1",
  "baseball1", "welcome123", "letmein1", "monkey123", "dragon123", "senha", "senha123", "azerty",
  "azerty123", "solo", "pass", "pass123", "pass1234", "default", "service", "support", "temp", "temp123",
  "demo", "demo123", "user", "user123", "sluice", "sluice123",
]);

/** A refused request as the gateway sends it: headers of the violated policy and Retry-After. */
export const RATE_LIMITED_EXAMPLE = `HTTP/1.1 429 Too Many Requests
Retry-After: 21
X-RateLimit-Limit: 60
X-RateLimit-Remaining: 0
X-RateLimit-Reset: 1795251660
X-RateLimit-Used: 60
X-RateLimit-Resource: requests-per-minute
RateLimit-Policy: "minute";q=60;w=60, "month";q=1000;w=2592000
RateLimit: "minute";r=0;t=21

{
  "error": {
    "code": "RATE_LIMITED",
    "message": "Rate limit exceeded: policy requests-per-minute (60).",
    "request_id": "req_2bFyqK7sWn4Lm9TxRb3Vc8"
  }
}`;

export const RATE_LIMIT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["X-RateLimit-Limit", "The limit of the most restrictive policy right now."],
  ["X-RateLimit-Remaining", "Requests left under that policy."],
  ["X-RateLimit-Reset", "When that policy's window resets, in Unix epoch seconds."],
  ["X-RateLimit-Used", "Requests already counted under that policy."],
  ["X-RateLimit-Resource", "Which policy: requests-per-minute, monthly-quota or key-monthly-cap."],
  ["RateLimit-Policy", 'Every policy as "name";q=<limit>;w=<window seconds> (IETF draft).'],
  ["RateLimit", 'The most restrictive one as "name";r=<remaining>;t=<seconds to reset> (IETF draft).'],
  ["Retry-After", "On a 429 only: whole seconds to wait, at least 1."],
];

/**
 * The metered path's Lua scripts. METER checks and counts in one round trip:
 *   KEYS: 1 rate window (current), 2 rate window (previous), 3 monthly quota, 4 key month, 5 usage day
 *   ARGV: 1 rate limit per window, 2 window ms, 3 ms elapsed in the window, 4 quota (-1 none),
 *         5 key cap (-1 none), 6 endpoint usage field ("" for none), 7 key usage field,
 *         8 counter TTL s, 9 usage TTL s
 * Returns {status, current, previous, quota, key}: status 1 admitted, 0 rate limited,
 * 2 quota exhausted, 3 key cap reached, -1 quota counter missing, -2 key counter missing
 * (the caller rebuilds a missing counter from PostgreSQL and runs the script again).
 */
export const METER_SCRIPT = `
local quota = redis.call("GET", KEYS[3])
if not quota then return {-1, 0, 0, 0, 0} end
local key = redis.call("GET", KEYS[4])
if not key then return {-2, 0, 0, 0, 0} end
quota = tonumber(quota)
key = tonumber(key)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local elapsed = tonumber(ARGV[3])
local quota_limit = tonumber(ARGV[4])
local cap_limit = tonumber(ARGV[5])
local current = tonumber(redis.call("GET", KEYS[1]) or "0")
local previous = tonumber(redis.call("GET", KEYS[2]) or "0")
if previous * (window - elapsed) / window + current + 1 > limit then return {0, current, previous, quota, key} end
if quota_limit >= 0 and quota + 1 > quota_limit then return {2, current, previous, quota, key} end
if cap_limit >= 0 and key + 1 > cap_limit then return {3, current, previous, quota, key} end
current = redis.call("INCR", KEYS[1])
if current == 1 then redis.call("PEXPIRE", KEYS[1], window * 2) end
quota = redis.call("INCR", KEYS[3])
key = redis.call("INCR", KEYS[4])
if ARGV[6] ~= "" then redis.call("HINCRBY", KEYS[5], ARGV[6], 1) end
if redis.call("HINCRBY", KEYS[5], ARGV[7], 1) == 1 then redis.call("EXPIRE", KEYS[5], tonumber(ARGV[9])) end
return {1, current, previous, quota, key}
`;

/**
 * REFUND takes back one admitted request whose answer was a server error (same KEYS as METER;
 * ARGV 1 endpoint field or "", 2 key field). Counters never go below zero.
 */
export const REFUND_SCRIPT = `
for i = 1, 4 do
  if tonumber(redis.call("GET", KEYS[i]) or "0") > 0 then redis.call("DECR", KEYS[i]) end
end
if ARGV[1] ~= "" and tonumber(redis.call("HGET", KEYS[5], ARGV[1]) or "0") > 0 then redis.call("HINCRBY", KEYS[5], ARGV[1], -1) end
if tonumber(redis.call("HGET", KEYS[5], ARGV[2]) or "0") > 0 then redis.call("HINCRBY", KEYS[5], ARGV[2], -1) end
return 1
`;

/**
 * REPLAY adds counts made while Redis was unreachable (KEYS 1 quota, 2 key month, 3 usage day;
 * ARGV 1 count, 2 endpoint field or "", 3 key field, 4 counter TTL s, 5 usage TTL s). Missing
 * counters are left missing: they are rebuilt from PostgreSQL, which the flush will update.
 */
export const REPLAY_SCRIPT = `
local count = tonumber(ARGV[1])
if redis.call("EXISTS", KEYS[1]) == 1 then redis.call("INCRBY", KEYS[1], count) end
if redis.call("EXISTS", KEYS[2]) == 1 then redis.call("INCRBY", KEYS[2], count) end
if ARGV[2] ~= "" then redis.call("HINCRBY", KEYS[3], ARGV[2], count) end
redis.call("HINCRBY", KEYS[3], ARGV[3], count)
redis.call("EXPIRE", KEYS[3], tonumber(ARGV[5]))
return 1
`;

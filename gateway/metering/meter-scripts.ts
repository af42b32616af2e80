import { USAGE_ID_FIELD } from "../../core/metering/redis-keys.js";

/**
 * The metered path's Lua scripts. METER checks and counts a batch of one account's requests (one
 * mode, one rate window, one day) in one round trip, in arrival order, exactly as if each had
 * run alone:
 *   KEYS: 1 rate window (current), 2 rate window (previous), 3 monthly quota, 4 usage day,
 *         5 the mode's endpoint counts (live: the usage day again, flushed to api_usage; test:
 *         the month's test endpoint hash, meterKeys.testEndpointsMonth), 6.. the month counters
 *         of the API keys in the batch
 *   ARGV: 1 rate limit per window, 2 window ms, 3 quota (-1 none), 4 usage TTL s, 5 the id the
 *         usage hash takes if this run creates it (nextUsageHashId in core/metering/redis-keys.ts),
 *         6 the endpoint counts' TTL s when they are not the usage day, 7 the number of kinds of
 *         request in the batch, then four per kind: key counter (1 is KEYS[6]), key cap (-1 none),
 *         endpoint usage field, key usage field; then one per request: its kind (from 0) times
 *         the window ms plus the ms elapsed in the window (a batch is mostly one kind, so a
 *         request costs one argument, not five)
 * Returns {-1} when the quota counter is missing and {-2, n} when key counter n is (the caller
 * rebuilds it from PostgreSQL and runs the batch again); otherwise {current, previous, quota,
 * key 1 .. key n, statuses}: the counters before the batch, then one digit per request:
 * 1 admitted, 0 rate limited, 2 quota exhausted, 3 key cap reached.
 */
export const METER_SCRIPT = `
local quota = redis.call("GET", KEYS[3])
if not quota then return {-1} end
quota = tonumber(quota)
local keys = {}
for i = 6, #KEYS do
  local count = redis.call("GET", KEYS[i])
  if not count then return {-2, i - 5} end
  keys[i - 5] = tonumber(count)
end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local quota_limit = tonumber(ARGV[3])
local current = tonumber(redis.call("GET", KEYS[1]) or "0")
local previous = tonumber(redis.call("GET", KEYS[2]) or "0")
local reply = {current, previous, quota}
for i = 1, #keys do reply[#reply + 1] = keys[i] end
local kind_count = tonumber(ARGV[7])
local kinds = {}
for i = 0, kind_count - 1 do
  local at = 8 + i * 4
  kinds[i] = {tonumber(ARGV[at]), tonumber(ARGV[at + 1]), ARGV[at + 2], ARGV[at + 3]}
end
local admitted, key_added, fields, statuses = 0, {}, {}, {}
-- Live endpoint counts share the usage day's table; test ones have their own hash.
local endpoint_fields = fields
if KEYS[5] ~= KEYS[4] then endpoint_fields = {} end
for i = 8 + kind_count * 4, #ARGV do
  local code = tonumber(ARGV[i])
  local kind = math.floor(code / window)
  local elapsed = code - kind * window
  local k, cap, endpoint_field, key_field = unpack(kinds[kind])
  local status = 1
  if previous * (window - elapsed) / window + current + 1 > limit then status = 0
  elseif quota_limit >= 0 and quota + 1 > quota_limit then status = 2
  elseif cap >= 0 and keys[k] + 1 > cap then status = 3 end
  if status == 1 then
    current = current + 1
    quota = quota + 1
    keys[k] = keys[k] + 1
    admitted = admitted + 1
    key_added[k] = (key_added[k] or 0) + 1
    endpoint_fields[endpoint_field] = (endpoint_fields[endpoint_field] or 0) + 1
    fields[key_field] = (fields[key_field] or 0) + 1
  end
  statuses[#statuses + 1] = status
end
if admitted > 0 then
  if redis.call("INCRBY", KEYS[1], admitted) == admitted then redis.call("PEXPIRE", KEYS[1], window * 2) end
  redis.call("INCRBY", KEYS[3], admitted)
  for k, n in pairs(key_added) do redis.call("INCRBY", KEYS[k + 5], n) end
  for field, n in pairs(fields) do redis.call("HINCRBY", KEYS[4], field, n) end
  redis.call("HSETNX", KEYS[4], "${USAGE_ID_FIELD}", ARGV[5])
  redis.call("EXPIRE", KEYS[4], tonumber(ARGV[4]))
  if endpoint_fields ~= fields then
    for field, n in pairs(endpoint_fields) do redis.call("HINCRBY", KEYS[5], field, n) end
    redis.call("EXPIRE", KEYS[5], tonumber(ARGV[6]))
  end
end
reply[#reply + 1] = table.concat(statuses)
return reply
`;

/**
 * REFUND takes back one admitted request whose answer was a server error (KEYS 1 rate window
 * (current), 2 rate window (previous), 3 monthly quota, 4 key month, 5 usage day, 6 the mode's
 * endpoint counts as in METER; ARGV 1 endpoint field, 2 key field). Counters never go below
 * zero; a test endpoint count is taken back only with the quota count, so they keep summing to it.
 */
export const REFUND_SCRIPT = `
local counted = tonumber(redis.call("GET", KEYS[3]) or "0") > 0
for i = 1, 4 do
  if tonumber(redis.call("GET", KEYS[i]) or "0") > 0 then redis.call("DECR", KEYS[i]) end
end
if KEYS[6] == KEYS[5] then
  if tonumber(redis.call("HGET", KEYS[5], ARGV[1]) or "0") > 0 then redis.call("HINCRBY", KEYS[5], ARGV[1], -1) end
elseif counted and tonumber(redis.call("HGET", KEYS[6], ARGV[1]) or "0") > 0 then
  redis.call("HINCRBY", KEYS[6], ARGV[1], -1)
end
if tonumber(redis.call("HGET", KEYS[5], ARGV[2]) or "0") > 0 then redis.call("HINCRBY", KEYS[5], ARGV[2], -1) end
return 1
`;

/**
 * REPLAY adds counts made while Redis was unreachable (KEYS 1 quota, 2 key month, 3 usage day,
 * 4 the mode's endpoint counts as in METER; ARGV 1 count, 2 endpoint field, 3 key field,
 * 4 counter TTL s, 5 usage TTL s, 6 the usage hash's id if this creates it). Missing counters are
 * left missing: they are rebuilt from PostgreSQL, which the flush will update (a test quota from
 * its endpoint counts, so those are added only where the quota counter is).
 */
export const REPLAY_SCRIPT = `
local count = tonumber(ARGV[1])
local counted = redis.call("EXISTS", KEYS[1]) == 1
if counted then redis.call("INCRBY", KEYS[1], count) end
if redis.call("EXISTS", KEYS[2]) == 1 then redis.call("INCRBY", KEYS[2], count) end
if KEYS[4] == KEYS[3] then
  redis.call("HINCRBY", KEYS[3], ARGV[2], count)
elseif counted then
  redis.call("HINCRBY", KEYS[4], ARGV[2], count)
  redis.call("EXPIRE", KEYS[4], tonumber(ARGV[4]))
end
redis.call("HINCRBY", KEYS[3], ARGV[3], count)
redis.call("HSETNX", KEYS[3], "${USAGE_ID_FIELD}", ARGV[6])
redis.call("EXPIRE", KEYS[3], tonumber(ARGV[5]))
return 1
`;

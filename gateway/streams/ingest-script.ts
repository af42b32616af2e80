import { ANOMALIES_KEPT } from "../../core/contracts/streams.js";
import { ANOMALY_MIN_VALUES, ANOMALY_THRESHOLD, EWMA_ALPHA, LEVEL_ALPHA, RECENT_VALUES, RESIDUAL_WINDOW, SCALE_FLOOR, SLOPE_BETA } from "./statistics.js";

/** Seconds an event id is remembered for idempotency. */
export const EVENT_ID_TTL_SECONDS = 24 * 3_600;
/** Per-minute arrival buckets kept per field. */
export const RATE_MINUTES = 60;

/**
 * INGEST applies one batch to a stream, atomically (one script, so concurrent batches through
 * any gateway serialise in Redis and lose nothing).
 *   KEYS: 1 statistics hash, 2 event-id sorted set (score: arrival ms), 3 anomaly list, 4 rollup hash
 *   ARGV: 1 now (ms), 2 the events as JSON [{id, minute, fields: [[name, value], …]}, …],
 *         3 how many event ids to keep (the newest)
 * The hash holds per field f: `n|f`, `mean|f`, `m2|f`, `min|f`, `max|f`, `ewma|f`, `win|f` (the
 * last values, oldest first, comma-separated), `level|f` and `slope|f` (Holt's local level),
 * `res|f` (the last one-step residuals, oldest first), `steps|f` (the sum of |x_i − x_{i−1}| over
 * `win|f`) and `rate|f` (`minute:count` buckets), plus
 * `events`. Doubles are written with %.17g, which reads back as the same double. Welford, EWMA
 * and the local-level score follow gateway/streams/statistics.ts operation for operation.
 * The rollup hash holds per event minute (of the event's timestamp) and field `minute|f`:
 * "count,sum,min,max" of the values, until the engine moves it to PostgreSQL.
 * An id among the last ARGV[3] seen in the last 24 hours (ZADD NX fails) is a duplicate and
 * changes nothing: the set is bounded by time and by count, so a busy stream's memory is too.
 * Returns {accepted, duplicates, anomaly, …}: each anomaly a JSON object (value and score as %.17g).
 */
export const INGEST_SCRIPT = `
local now = tonumber(ARGV[1])
local events = cjson.decode(ARGV[2])
local recent_size, residual_size, min_values, threshold, alpha = ${RECENT_VALUES}, ${RESIDUAL_WINDOW}, ${ANOMALY_MIN_VALUES}, ${ANOMALY_THRESHOLD}, ${EWMA_ALPHA}
local level_alpha, slope_beta, scale_floor = ${LEVEL_ALPHA}, ${SLOPE_BETA}, ${SCALE_FLOOR}
local minute = math.floor(now / 60000)
local function fmt(x) return string.format("%.17g", x) end
redis.call("ZREMRANGEBYSCORE", KEYS[2], "-inf", now - ${EVENT_ID_TTL_SECONDS * 1_000})

local state = {}
local function load(field)
  local s = state[field]
  if s then return s end
  local v = redis.call("HMGET", KEYS[1], "n|" .. field, "mean|" .. field, "m2|" .. field, "min|" .. field, "max|" .. field, "ewma|" .. field, "win|" .. field, "rate|" .. field,
    "level|" .. field, "slope|" .. field, "res|" .. field, "steps|" .. field)
  s = { n = tonumber(v[1] or "0"), mean = tonumber(v[2] or "0"), m2 = tonumber(v[3] or "0"), min = tonumber(v[4] or ""), max = tonumber(v[5] or ""), ewma = tonumber(v[6] or ""), win = {}, rate = {},
    level = tonumber(v[9] or ""), slope = tonumber(v[10] or "0"), res = {}, steps = tonumber(v[12] or "0") }
  if v[7] and v[7] ~= "" then for item in string.gmatch(v[7], "[^,]+") do s.win[#s.win + 1] = tonumber(item) end end
  if not v[12] then
    for i = 2, #s.win do s.steps = s.steps + math.abs(s.win[i] - s.win[i - 1]) end
  end
  if v[11] and v[11] ~= "" then for item in string.gmatch(v[11], "[^,]+") do s.res[#s.res + 1] = tonumber(item) end end
  s.sorted = {}
  for i = 1, #s.res do s.sorted[i] = s.res[i] end
  table.sort(s.sorted)
  if v[8] and v[8] ~= "" then
    for m, c in string.gmatch(v[8], "(%d+):(%d+)") do
      if tonumber(m) > minute - ${RATE_MINUTES} then s.rate[tonumber(m)] = tonumber(c) end
    end
  end
  state[field] = s
  return s
end

local function median(sorted)
  local middle = math.floor(#sorted / 2)
  if #sorted % 2 == 1 then return sorted[middle + 1] end
  return (sorted[middle] + sorted[middle + 1]) / 2
end

-- The number of values <= x (strict: < x) in a sorted array, by binary search.
local function rank(sorted, x, strict)
  local lo, hi = 1, #sorted + 1
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if sorted[mid] < x or (not strict and sorted[mid] == x) then lo = mid + 1 else hi = mid end
  end
  return lo - 1
end

-- The k-th and (k+1)-th smallest |v - centre| of a sorted array: a merge walking out from the centre.
local function deviations_at(sorted, centre, k)
  local left = rank(sorted, centre, false)
  local right = left + 1
  local previous, d
  for _ = 1, k + 1 do
    local dl = left >= 1 and centre - sorted[left] or math.huge
    local dr = right <= #sorted and sorted[right] - centre or math.huge
    previous = d
    if dl <= dr then d, left = dl, left - 1 else d, right = dr, right + 1 end
  end
  return previous, d
end

-- Scores x against the field's local level and moves the level on (statistics.ts scoreValue):
-- returns flagged, score (nil: degenerate window, any other residual flagged). The residuals
-- are kept sorted too, so the median is read and the MAD selected without sorting.
local function score_value(s, x)
  if s.level == nil then
    s.level, s.slope = x, 0
    return false, 0
  end
  local forecast = s.level + s.slope
  local e = x - forecast
  local noise = 1e-9 * math.abs(forecast)
  local sorted, n = s.sorted, #s.sorted
  local flagged, score, kept = false, 0, e
  if n >= min_values then
    local floor = 0
    if #s.win >= 2 then floor = scale_floor * (s.steps / (#s.win - 1)) end
    local centre = median(sorted)
    local half = math.floor(n / 2)
    local lower, upper = deviations_at(sorted, centre, half)
    local mad = upper
    if n % 2 == 0 then mad = (lower + upper) / 2 end
    local scale = mad / 0.6745
    if not (mad > noise) then
      local sum = 0
      for i = 1, n do sum = sum + math.abs(s.res[i] - centre) end
      scale = 1.253314 * (sum / n)
    end
    if floor > scale then scale = floor end
    if not (scale > noise) then
      if math.abs(e - centre) > noise then flagged, score = true, nil end
    else
      score = (e - centre) / scale
      flagged = math.abs(score) > threshold
      if flagged then kept = centre + (e - centre) * (threshold / math.abs(score)) end
    end
  end
  local level = forecast + level_alpha * kept
  s.slope = s.slope + slope_beta * (level - forecast)
  s.level = level
  s.res[#s.res + 1] = kept
  table.insert(s.sorted, rank(s.sorted, kept, false) + 1, kept)
  if #s.res > residual_size then
    local oldest = table.remove(s.res, 1)
    table.remove(s.sorted, rank(s.sorted, oldest, true) + 1)
  end
  return flagged, score
end

local accepted, duplicates = 0, 0
local found = {}
local rollups = {}
local function roll(event_minute, field, x)
  local key = event_minute .. "|" .. field
  local r = rollups[key]
  if r == nil then
    r = { c = 0, s = 0, lo = x, hi = x }
    local stored = redis.call("HGET", KEYS[4], key)
    if stored then
      local c, s, lo, hi = string.match(stored, "^([^,]+),([^,]+),([^,]+),([^,]+)$")
      r = { c = tonumber(c), s = tonumber(s), lo = tonumber(lo), hi = tonumber(hi) }
    end
    rollups[key] = r
  end
  r.c = r.c + 1
  r.s = r.s + x
  if x < r.lo then r.lo = x end
  if x > r.hi then r.hi = x end
end
for _, event in ipairs(events) do
  if redis.call("ZADD", KEYS[2], "NX", now, event.id) == 0 then
    duplicates = duplicates + 1
  else
    accepted = accepted + 1
    for _, pair in ipairs(event.fields) do
      local field, x = pair[1], pair[2]
      local s = load(field)
      local flagged, score = score_value(s, x)
      if flagged then
        found[#found + 1] = '{"event_id":' .. cjson.encode(event.id) .. ',"field":' .. cjson.encode(field) .. ',"sequence":' .. (s.n + 1) .. ',"value":' .. fmt(x) .. ',"score":' .. (score and fmt(score) or "null") .. ',"detected_at":' .. now .. '}'
      end
      s.n = s.n + 1
      local delta = x - s.mean
      s.mean = s.mean + delta / s.n
      s.m2 = s.m2 + delta * (x - s.mean)
      if s.min == nil or x < s.min then s.min = x end
      if s.max == nil or x > s.max then s.max = x end
      if s.ewma == nil then s.ewma = x else s.ewma = s.ewma + alpha * (x - s.ewma) end
      if #s.win > 0 then s.steps = s.steps + math.abs(x - s.win[#s.win]) end
      s.win[#s.win + 1] = x
      if #s.win > recent_size then
        s.steps = s.steps - math.abs(s.win[2] - s.win[1])
        table.remove(s.win, 1)
      end
      s.rate[minute] = (s.rate[minute] or 0) + 1
      roll(event.minute, field, x)
    end
  end
end

for field, s in pairs(state) do
  local win, res, rate = {}, {}, {}
  for i = 1, #s.win do win[i] = fmt(s.win[i]) end
  for i = 1, #s.res do res[i] = fmt(s.res[i]) end
  for m, c in pairs(s.rate) do rate[#rate + 1] = m .. ":" .. c end
  redis.call("HSET", KEYS[1], "n|" .. field, s.n, "mean|" .. field, fmt(s.mean), "m2|" .. field, fmt(s.m2), "min|" .. field, fmt(s.min), "max|" .. field, fmt(s.max),
    "ewma|" .. field, fmt(s.ewma), "win|" .. field, table.concat(win, ","), "rate|" .. field, table.concat(rate, ","),
    "level|" .. field, fmt(s.level), "slope|" .. field, fmt(s.slope), "res|" .. field, table.concat(res, ","), "steps|" .. field, fmt(s.steps))
end
for key, r in pairs(rollups) do
  redis.call("HSET", KEYS[4], key, r.c .. "," .. fmt(r.s) .. "," .. fmt(r.lo) .. "," .. fmt(r.hi))
end
if accepted > 0 then redis.call("HINCRBY", KEYS[1], "events", accepted) end
redis.call("ZREMRANGEBYRANK", KEYS[2], 0, -(tonumber(ARGV[3]) + 1))
redis.call("EXPIRE", KEYS[2], ${EVENT_ID_TTL_SECONDS})
for i = 1, #found do redis.call("LPUSH", KEYS[3], found[i]) end
if #found > 0 then redis.call("LTRIM", KEYS[3], 0, ${ANOMALIES_KEPT - 1}) end
local reply = {accepted, duplicates}
for i = 1, #found do reply[#reply + 1] = found[i] end
return reply
`;

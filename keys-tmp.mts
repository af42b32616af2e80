import Redis from "ioredis";
const redis = new Redis("redis://127.0.0.1:6379");
const groups = new Map<string, { count: number; bytes: number }>();
let cursor = "0";
do {
  const [next, keys] = await redis.scan(cursor, "MATCH", "*bench*", "COUNT", 2000);
  cursor = next;
  for (const key of keys) {
    const pattern = key.replace(/\d{3,}/g, "N").replace(/(exec|an|ds|del|evt|wf|mail|usr|key)_[A-Za-z0-9]+/g, "$1_X").replace(/:[A-Za-z0-9]{20,}/g, ":ID");
    const g = groups.get(pattern) ?? { count: 0, bytes: 0 };
    g.count++;
    if (g.count <= 20) g.bytes += (await redis.memory("USAGE", key)) ?? 0;
    groups.set(pattern, g);
  }
} while (cursor !== "0");
const rows = [...groups].map(([p, g]) => ({ p, count: g.count, estMB: +((g.bytes / Math.min(g.count, 20)) * g.count / 1e6).toFixed(2) })).sort((a, b) => b.estMB - a.estMB).slice(0, 15);
console.table(rows);
process.exit(0);

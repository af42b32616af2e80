// k6 version of `npm run bench`'s metered scenario, for users who have k6 (https://k6.io).
// Loopback only; it stops by itself. Run the hello-world baseline the same way to get the ratio:
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e API_KEY=sk_live_... loadtest/k6/metered-path.js
//   k6 run -e BASE_URL=http://127.0.0.1:3999 -e PATH=/ loadtest/k6/metered-path.js
// Get a key with: npm run keys:create -- --email <address> --name k6 --permission read
import http from "k6/http";
import { check } from "k6";

const BASE_URL = __ENV.BASE_URL || "http://127.0.0.1:3000";
const PATH = __ENV.PATH || "/v1/whoami";
const API_KEY = __ENV.API_KEY || "";

if (!/^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE_URL)) {
  throw new Error("BASE_URL must be a loopback address");
}

export const options = {
  scenarios: {
    saturation: { executor: "constant-vus", vus: 50, duration: "10s" },
    half_saturation: {
      executor: "constant-arrival-rate",
      rate: Number(__ENV.HALF_RATE || 2000),
      timeUnit: "1s",
      duration: "10s",
      preAllocatedVUs: 100,
      startTime: "12s",
    },
  },
  thresholds: {
    http_req_failed: ["rate<0.001"],
    "http_req_duration{scenario:half_saturation}": ["p(99)<20"],
    checks: ["rate>0.999"],
  },
};

export default function () {
  const response = http.get(`${BASE_URL}${PATH}`, API_KEY ? { headers: { Authorization: `Bearer ${API_KEY}` } } : {});
  check(response, {
    "status is 200": (r) => r.status === 200,
    "rate-limit headers present": (r) => !API_KEY || r.headers["X-Ratelimit-Limit"] !== undefined,
  });
}

import { CSRF_COOKIE, CSRF_HEADER } from "../core/contracts/auth.js";

type Fetcher = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * A browser stand-in for app.request(): keeps cookies (honouring Path and deletion), sends the
 * CSRF header on state-changing requests like the portal does, and comes from its own address.
 */
export class BrowserClient {
  readonly cookies = new Map<string, { value: string; path: string }>();
  constructor(
    private readonly app: Fetcher,
    readonly address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  async request(path: string, init: RequestInit & { json?: unknown; csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const method = init.method ?? (init.json === undefined ? "GET" : "POST");
    headers.set("X-Forwarded-For", this.address);
    if (method !== "GET" && init.csrf !== false) {
      if (!this.cookie(CSRF_COOKIE)) await this.request("/auth/user");
      const csrf = this.cookie(CSRF_COOKIE);
      if (csrf) headers.set(CSRF_HEADER, csrf);
    }
    const cookieHeader = [...this.cookies]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
    if (cookieHeader) headers.set("Cookie", cookieHeader);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await this.app.request(path, { ...init, method, headers, body });
    this.storeCookies(response);
    return response;
  }

  post(path: string, json: unknown = {}, init: RequestInit & { csrf?: boolean } = {}) {
    return this.request(path, { ...init, method: "POST", json });
  }

  private storeCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const maxAge = attributes.find((a) => a.toLowerCase().startsWith("max-age="));
      const expired = (maxAge && Number(maxAge.slice(8)) <= 0) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }
}

/** A webhook receiver for the tests: records every POST it gets, answers as told (a status, or never until released). */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  readonly headers: http.IncomingHttpHeaders;
  /** The raw body, as sent. */
  readonly body: string;
  readonly json: Record<string, unknown>;
}

/** What to answer to a request: a status, or `hang` (held until {@link Receiver.release}). */
export type Answer = number | "hang";

export class Receiver {
  readonly received: Received[] = [];
  /** Decides the answer of each request (default 200). */
  answer: (r: Received) => Answer = () => 200;
  private readonly held: http.ServerResponse[] = [];

  private constructor(private readonly server: http.Server, readonly url: string) {}

  static async start(): Promise<Receiver> {
    let self: Receiver | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const r: Received = { headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> };
        self!.received.push(r);
        const a = self!.answer(r);
        if (a === "hang") self!.held.push(res);
        else res.writeHead(a, { "content-type": "application/json" }).end(a < 300 ? "{}" : '{"error":"down"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    self = new Receiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
    return self;
  }

  /** How many requests are held unanswered. */
  get holding(): number {
    return this.held.length;
  }

  /** Answers the held requests with `status`. */
  release(status = 200): void {
    for (const res of this.held.splice(0)) res.writeHead(status).end("{}");
  }

  /** The `webhook_type` of each request received, in order. */
  types(): string[] {
    return this.received.map((r) => String(r.json["webhook_type"]));
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Resolves once `check` holds (polled every few milliseconds); fails after `timeoutMs` naming `what`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

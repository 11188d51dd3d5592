import net from "node:net";

/**
 * A TCP proxy between the app and PostgreSQL that the test can make misbehave, the way a
 * database or the network to it really does: refuse and cut connections (down), hold every byte
 * for a while (slow), or, on the connection that sends COMMIT, hold that COMMIT or the answer to
 * it (the moment a commit's outcome is in doubt). Bytes are never reordered or dropped while
 * held: `restore()` lets them through in order, as a recovering network would.
 */
export interface FaultProxy {
  /** The database URL through the proxy. */
  url: string;
  port: number;
  /** Normal service: whatever was held goes through now. */
  restore(): void;
  /** Down: open connections are cut and new ones closed as soon as they arrive. */
  cut(): void;
  /** Slow: every byte, both ways, arrives `ms` late. */
  delay(ms: number): void;
  /**
   * From the next COMMIT on, on its connection: hold the COMMIT itself (it never reaches the
   * database) or the database's answers (it commits, the app never hears so).
   */
  holdAtCommit(what: "commit" | "answer"): void;
  /**
   * Resolves once every connection the app has let go of is closed on the database's side too,
   * i.e. whatever it had sent has reached the database and been dealt with.
   */
  drained(): Promise<void>;
  /** Connections the proxy has accepted, in all. */
  readonly accepted: number;
  close(): Promise<void>;
}

type Mode = { kind: "pass" } | { kind: "down" } | { kind: "delay"; ms: number };

/** One direction of one connection: in order, passing, late or held. */
class Pipe {
  private queue: { at: number; chunk: Buffer | null }[] = [];
  private timer: NodeJS.Timeout | undefined;
  held = false;
  private readonly to: net.Socket;
  private readonly delayMs: () => number;

  constructor(to: net.Socket, delayMs: () => number) {
    this.to = to;
    this.delayMs = delayMs;
  }

  push(chunk: Buffer | null) {
    this.queue.push({ at: Date.now() + this.delayMs(), chunk });
    this.pump();
  }

  pump() {
    clearTimeout(this.timer);
    while (!this.held && this.queue.length > 0) {
      const next = this.queue[0]!;
      const wait = next.at - Date.now();
      if (wait > 0) {
        this.timer = setTimeout(() => this.pump(), wait);
        return;
      }
      this.queue.shift();
      if (this.to.destroyed) continue;
      if (next.chunk) this.to.write(next.chunk);
      else this.to.end();
    }
  }

  /** Everything waiting goes now. */
  flush() {
    this.held = false;
    for (const entry of this.queue) entry.at = 0;
    this.pump();
  }

  stop() {
    clearTimeout(this.timer);
    this.queue = [];
  }
}

export async function startFaultProxy(databaseUrl: string): Promise<FaultProxy> {
  const target = new URL(databaseUrl);
  let mode: Mode = { kind: "pass" };
  let atCommit: "commit" | "answer" | null = null;
  let accepted = 0;
  const pairs = new Set<{
    client: net.Socket;
    server: net.Socket;
    up: Pipe;
    down: Pipe;
    /** The app's side has closed. */
    left: boolean;
  }>();
  const delayMs = () => (mode.kind === "delay" ? mode.ms : 0);

  const proxy = net.createServer((client) => {
    accepted++;
    if (mode.kind === "down") {
      client.destroy();
      return;
    }
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const up = new Pipe(server, delayMs);
    const down = new Pipe(client, delayMs);
    const pair = { client, server, up, down, left: false };
    pairs.add(pair);
    client.on("data", (chunk: Buffer) => {
      // Drizzle ends a transaction with the statement `commit`; nothing else the app sends
      // contains the word.
      if (atCommit && /\bcommit\b/i.test(chunk.toString("latin1"))) {
        if (atCommit === "commit") up.held = true;
        else down.held = true;
        atCommit = null;
      }
      up.push(chunk);
    });
    server.on("data", (chunk: Buffer) => down.push(chunk));
    const teardown = () => {
      pairs.delete(pair);
      up.stop();
      down.stop();
      client.destroy();
      server.destroy();
    };
    // One side gone: what is still late or held reaches the other side first, then its end, as
    // on a slow link; on a healthy one both close at once.
    const gone = (pipe: Pipe) => () => {
      if (pipe === up) pair.left = true;
      if (pipe.held || delayMs() > 0) pipe.push(null);
      else teardown();
    };
    client.on("end", () => {
      pair.left = true;
      up.push(null);
    });
    server.on("end", () => down.push(null));
    client.on("error", gone(up));
    client.on("close", gone(up));
    server.on("error", gone(down));
    server.on("close", gone(down));
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    port,
    get accepted() {
      return accepted;
    },
    restore() {
      mode = { kind: "pass" };
      atCommit = null;
      for (const pair of pairs) {
        pair.up.flush();
        pair.down.flush();
      }
    },
    cut() {
      mode = { kind: "down" };
      for (const pair of [...pairs]) {
        pairs.delete(pair);
        pair.up.stop();
        pair.down.stop();
        pair.client.destroy();
        pair.server.destroy();
      }
    },
    delay(ms) {
      mode = { kind: "delay", ms };
    },
    holdAtCommit(what) {
      atCommit = what;
    },
    async drained() {
      while ([...pairs].some((pair) => pair.left && !pair.server.destroyed)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

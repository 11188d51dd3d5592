import net from "node:net";

/**
 * A TCP proxy in front of the app that, while armed, breaks the connections of one kind of post,
 * as a phone losing its signal does; armed with
 * - `cut: "request"` ends the connection once `after` bytes of the post have reached the server
 *   (the server holds half a body: nothing of it may be stored);
 * - `cut: "answer"` lets the whole post through, then ends the connection as the server's answer
 *   starts (the server did the work; she never hears of it).
 * The browser itself sends a post again once when a connection breaks, so one cut is not enough
 * to reach her: it cuts every matching post while armed.
 */
export type Cut = { cut: "request"; after: number } | { cut: "answer" };

export interface DroppingProxy {
  origin: string;
  arm(cut: Cut): void;
  disarm(): void;
  readonly cuts: number;
  close(): Promise<void>;
}

export async function droppingProxy(
  target: URL,
  { post }: { post: string },
): Promise<DroppingProxy> {
  let armed: Cut | null = null;
  let cuts = 0;
  const requestLine = `POST ${post}`;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    let matched: Cut | null = null;
    let forwarded = 0;
    const breakBoth = () => {
      cuts += 1;
      upstream.destroy();
      client.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      if (armed && !matched && chunk.includes(requestLine)) matched = armed;
      if (matched?.cut === "request") {
        const room = matched.after - forwarded;
        if (chunk.length >= room) {
          upstream.write(chunk.subarray(0, room), breakBoth);
          return;
        }
        forwarded += chunk.length;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (matched?.cut === "answer") return breakBoth();
      client.write(chunk);
    });
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    arm: (cut) => (armed = cut),
    disarm: () => (armed = null),
    get cuts() {
      return cuts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect } from "@playwright/test";

export type Mailbox = Awaited<ReturnType<typeof startSmtp>>;

/** A real SMTP server on a free port, keeping what it receives. */
export async function startSmtp() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve((server.server.address() as { port: number }).port),
    );
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every mail received so far, in order. */
    received,
    /** The next mail to `to` (waits for it), counting from `after` mails already seen. */
    async mailTo(to: string, after = 0, timeout = 10_000) {
      let found: ParsedMail[] = [];
      await expect
        .poll(
          () => {
            found = received.filter((mail) =>
              mail.to && "value" in mail.to ? mail.to.value.some((a) => a.address === to) : false,
            );
            return found.length;
          },
          { message: `a mail to ${to}`, timeout },
        )
        .toBeGreaterThan(after);
      return found[after]!;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

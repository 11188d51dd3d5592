import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as the SMTP server received it, and when (performance.now()). */
export type ReceivedMail = ParsedMail & { receivedAt: number };

/** A real SMTP server on a free port of this machine, keeping every mail it accepts, in order. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(Object.assign(mail, { receivedAt: performance.now() }));
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
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The addresses a received mail went to. */
export const recipientsOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
    to.value.map((address) => address.address ?? ""),
  );

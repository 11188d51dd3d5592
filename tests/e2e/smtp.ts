import type { ParsedMail } from "mailparser";
import { expect } from "@playwright/test";
import { recipientsOf, startSmtpServer } from "#app/test/smtp-server.ts";

export type Mailbox = Awaited<ReturnType<typeof startSmtp>>;

/** A real SMTP server on a free port (app/test/smtp-server.ts), and a wait for her mail. */
export async function startSmtp() {
  const server = await startSmtpServer();
  return {
    ...server,
    /** The next mail to `to` (waits for it), counting from `after` mails already seen. */
    async mailTo(to: string, after = 0, timeout = 10_000): Promise<ParsedMail> {
      let found: ParsedMail[] = [];
      await expect
        .poll(
          () => {
            found = server.received.filter((mail) => recipientsOf(mail).includes(to));
            return found.length;
          },
          { message: `a mail to ${to}`, timeout },
        )
        .toBeGreaterThan(after);
      return found[after]!;
    },
    /**
     * The first mail to `to` whose text says `about` (waits for it): for a mailbox that other
     * tests on the same server may write to as well.
     */
    async mailAbout(to: string, about: string, timeout = 10_000): Promise<ParsedMail> {
      let found: ParsedMail | undefined;
      await expect
        .poll(
          () => {
            found = server.received.find(
              (mail) => recipientsOf(mail).includes(to) && `${mail.text}`.includes(about),
            );
            return Boolean(found);
          },
          { message: `a mail to ${to} about ${about}`, timeout },
        )
        .toBe(true);
      return found!;
    },
  };
}

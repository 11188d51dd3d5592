/**
 * `npm run user:create -- --email ana@example.com --role admin [--name "Ana Souza"]`
 * Makes a verified account from the shell, for first setup and demos. The password is asked
 * for at a prompt (not echoed), or read from standard input with --password-stdin, so it never
 * appears in the shell history or the process list. Uses the production build, like the
 * server; with the embedded database, run it while the server is stopped.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    role: { type: "string", default: "model" },
    name: { type: "string" },
    language: { type: "string" },
    "password-stdin": { type: "boolean", default: false },
  },
});
if (!values.email) {
  console.error(
    "usage: npm run user:create -- --email <address> --role <model|affiliate|approver|editor|admin> [--name <name>]",
  );
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (values["password-stdin"] || !process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.replace(/\r?\n$/, "");
  }
  process.stdout.write("Password (10+ characters): ");
  // Hide what is typed: readline echoes into a stream that keeps nothing.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({ input: process.stdin, output: silent, terminal: true });
  const password = await prompt.question("");
  prompt.close();
  process.stdout.write("\n");
  return password;
}

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");
if (!existsSync(serverBuild)) {
  console.error("No production build: run npm run build first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
const build = (await import(serverBuild)) as {
  entry: {
    module: {
      startup: () => Promise<void>;
      shutdown: () => Promise<void>;
      createAccountFromShell: (input: Record<string, string | undefined>) => Promise<{
        email: string;
        role: string;
      }>;
    };
  };
};
const { module } = build.entry;
const password = await readPassword();
try {
  const account = await module.createAccountFromShell({
    email: values.email,
    role: values.role,
    name: values.name ?? values.email.split("@")[0],
    language: values.language,
    password,
  });
  console.log(`created ${account.role} ${account.email}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await module.shutdown();
}

import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order vitest starts test files in: the longest ones first (as measured in CI), then the
 * rest as vitest orders them. On a clean clone vitest has no timings of its own and goes by file
 * size, so a one-minute file could start last and run alone at the end while the other workers
 * idle; started first, it runs beside the short ones. Keep the list to the files over ~20 s.
 */
const slowFirst = [
  "app/db/backup.server.test.ts",
  "app/routes/routes-fuzz.server.test.ts",
  "app/auth/auth-routes.server.test.ts",
  "tests/security/open-redirect.test.ts",
  "tests/security/sign-in-lockout.test.ts",
  "app/features/privacy/privacy.server.test.ts",
  "app/features/submissions/database-faults.server.test.ts",
  "app/db/export-to-postgres.server.test.ts",
  "app/features/welcome-call/booking.server.test.ts",
  "tests/security/privacy-request-timing.test.ts",
  "app/features/content/content-version.server.test.ts",
  "app/auth/session-attacks.server.test.ts",
  "app/routes/admin/images.server.test.ts",
];

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = slowFirst.indexOf(path.relative(process.cwd(), file.moduleId));
      return index === -1 ? slowFirst.length : index;
    };
    // A stable sort: the files not listed keep vitest's order after the listed ones.
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Directories made by {@link scratchDir} in this test file, removed after it (test/setup.ts). */
export const scratchDirs: string[] = [];

/** A fresh directory under the OS temp dir, removed when the test file ends. */
export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  scratchDirs.push(dir);
  return dir;
}

/** Removes every scratch directory made so far (the setup file's afterAll). */
export function removeScratchDirs(): void {
  for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

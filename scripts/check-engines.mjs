// Every package the app runs with must support every Node version package.json's engines field
// declares (`node scripts/check-engines.mjs`; test/ops/engines.test.ts runs it). semver.subset, not
// semver.intersects: cookie@2's `>=22` intersects `>=20.19` although it refuses Node 20.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The runtime packages of a package-lock.json whose `engines.node` does not cover `declared`. */
export function enginesProblems(lock, declared) {
  const problems = [];
  for (const [where, pkg] of Object.entries(lock.packages ?? {})) {
    // the root, workspace links and packages only the tests and the build use
    if (!where || pkg.link || pkg.dev) continue;
    // a prebuilt binary for one platform (sharp's win32-ia32...) is skipped by npm where it does not fit
    if (pkg.optional && (pkg.os || pkg.cpu)) continue;
    const wants = pkg.engines?.node;
    if (wants && !semver.subset(declared, wants, { includePrerelease: false }))
      problems.push(`${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${wants}`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const declared = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const problems = enginesProblems(lock, declared);
  if (problems.length > 0) {
    console.error(`package.json declares node ${declared}, but:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Every runtime dependency supports node ${declared}.`);
}

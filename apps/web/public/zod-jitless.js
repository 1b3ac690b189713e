// Loaded by index.html (deferred, before the app's module script), so it runs before any of the app's
// code. The CSP allows no eval. Zod decides when an object schema is built (not when it parses) whether
// to compile a fast parser, and probes with `new Function("")` whether it may: under the CSP the probe is
// refused and reported as a `script-src` violation in the console, on any page whose code builds a
// schema, and the contract's modules build theirs when they load, in whichever chunk the bundler put them
// (some run before the entry's own code), long before lib/form.ts's `config({ jitless: true })`. Zod
// keeps its settings on this global (zod/v4/core/core.js: `globalThis.__zod_globalConfig ??= {}`), which
// is what `config()` writes to: set here first, zod finds it and never probes.
globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {};
globalThis.__zod_globalConfig.jitless = true;
